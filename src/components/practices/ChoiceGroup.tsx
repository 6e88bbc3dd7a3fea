// One of a few choices as a radio group of pills (goal shift's states): one tab stop, arrow keys move and choose,
// the chosen one filled with the button colour; the options wrap onto more rows when the text is enlarged.
import styled from 'styled-components';
import { useRadioGroup } from '../useRadioGroup';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Option = styled.button<{ $selected: boolean }>`
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 1.5px solid ${({ theme }) => theme.color.button};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $selected, theme }) => ($selected ? theme.color.button : 'transparent')};
  color: ${({ $selected, theme }) => ($selected ? theme.color.buttonText : theme.color.text)};
  font-weight: ${({ $selected }) => ($selected ? 600 : 400)};
`;

export interface ChoiceGroupProps<T extends string> {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (value: T) => void;
}

export function ChoiceGroup<T extends string>({ label, options, labels, value, onChange }: ChoiceGroupProps<T>) {
  const radio = useRadioGroup({ values: options, value, onChange: (v) => v !== null && onChange(v) });
  return (
    <Group {...radio.group} aria-label={label}>
      {options.map((option, i) => (
        <Option key={option} {...radio.option(i)} $selected={option === value}>
          {labels[option]}
        </Option>
      ))}
    </Group>
  );
}
