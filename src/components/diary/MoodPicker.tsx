import styled from 'styled-components';
import type { Mood } from '../../../contract/diary';
import { MoodIcon, moodOptions } from './moods';

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(5, 1fr);
  gap: ${({ theme }) => theme.space(2)};
`;

const Option = styled.button<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  padding: 10px 0 8px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1.5px solid ${({ $selected, theme }) => ($selected ? theme.color.button : 'transparent')};
  background: ${({ $selected, theme }) => ($selected ? theme.tint(theme.color.button, 10) : theme.color.secondaryBg)};
  color: ${({ theme }) => theme.color.text};
  &:disabled { opacity: 0.6; }
  span { font-size: 10px; color: ${({ theme }) => theme.color.hint}; }
`;

/** Five moods; tapping the selected one clears it (mood is optional). */
export function MoodPicker(props: { value: Mood | null; disabled?: boolean; onChange: (mood: Mood | null) => void }) {
  return (
    <Row role="radiogroup">
      {moodOptions.map((o) => (
        <Option
          key={o.value}
          type="button"
          role="radio"
          aria-checked={props.value === o.value}
          aria-label={o.label}
          $selected={props.value === o.value}
          disabled={props.disabled}
          onClick={() => props.onChange(props.value === o.value ? null : o.value)}
        >
          <MoodIcon mood={o.value} />
          <span>{o.label}</span>
        </Option>
      ))}
    </Row>
  );
}
