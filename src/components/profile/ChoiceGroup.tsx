// A choice of one among several, as a radio group (useRadioGroup: one tab stop, arrows move and choose): the
// settings' communication style (with a description under each) and reminder time. `busy` while a choice is being
// saved: the options stay focusable and say so (aria-disabled), presses wait for the answer.
import styled from 'styled-components';
import { useRadioGroup } from '../useRadioGroup';

const Group = styled.div<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(
    auto-fit,
    minmax(min(100%, ${({ $columns }) => ($columns > 2 ? '4.5rem' : '9rem')}), 1fr)
  );
  gap: ${({ theme }) => theme.space(2)};
`;

const Option = styled.button<{ $checked: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
  min-height: 48px;
  padding: ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: inset 0 0 0 1.5px ${({ $checked, theme }) => ($checked ? theme.color.button : 'transparent')};
  background: ${({ $checked, theme }) => ($checked ? theme.tint(theme.color.button, 10) : theme.color.sectionBg)};
  color: ${({ theme }) => theme.color.text};
  text-align: start;
  font: inherit;
  &[aria-disabled='true'] {
    opacity: 0.7;
  }
  strong {
    font-size: ${({ theme }) => theme.font.size.md};
  }
  span {
    color: ${({ theme }) => theme.color.hint};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: string;
}

export function ChoiceGroup<T extends string>(props: {
  labelledBy: string;
  choices: Choice<T>[];
  value: T;
  busy: boolean;
  onChange: (value: T) => void;
}) {
  const radio = useRadioGroup({
    values: props.choices.map((c) => c.value),
    value: props.value,
    onChange: (v) => {
      if (v !== null && !props.busy) props.onChange(v);
    },
  });
  return (
    <Group {...radio.group} aria-labelledby={props.labelledBy} aria-busy={props.busy} $columns={props.choices.length}>
      {props.choices.map((choice, i) => {
        const option = radio.option(i);
        return (
          <Option
            key={choice.value}
            {...option}
            $checked={option['aria-checked']}
            aria-disabled={props.busy || undefined}
          >
            <strong>{choice.label}</strong>
            {choice.description ? <span>{choice.description}</span> : null}
          </Option>
        );
      })}
    </Group>
  );
}
