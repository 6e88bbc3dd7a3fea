// A choice of one among several, as a radio group (useRadioGroup: one tab stop, arrows move and choose): the
// settings' communication style (with a description under each) and reminder time. `busy` while a choice is being
// saved: the options stay focusable and say so (aria-disabled), presses wait for the answer.
import styled from 'styled-components';
import { useRadioGroup } from '../useRadioGroup';

/**
 * Options with a description stack as a list; short ones sit in a row and wrap onto more rows when the text is
 * enlarged (each at least as wide as its label), never wider than the screen.
 */
const Group = styled.div<{ $list: boolean }>`
  display: flex;
  flex-direction: ${({ $list }) => ($list ? 'column' : 'row')};
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  > * {
    flex: ${({ $list }) => ($list ? 'none' : '1 1 0')};
    min-width: ${({ $list }) => ($list ? '0' : 'max-content')};
  }
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
  overflow-wrap: anywhere;
  &[aria-disabled='true'] {
    cursor: progress;
  }
  strong {
    font-size: ${({ theme }) => theme.font.size.md};
  }
  /* On the checked option's tint only the text colour is readable (the hint is made readable on plain surfaces). */
  span {
    color: ${({ $checked, theme }) => ($checked ? theme.color.text : theme.color.hint)};
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
    <Group
      {...radio.group}
      aria-labelledby={props.labelledBy}
      aria-busy={props.busy}
      $list={props.choices.some((c) => c.description)}
    >
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
