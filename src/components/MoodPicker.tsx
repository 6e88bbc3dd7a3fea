// The five moods for every screen: options in display order with their Russian labels, the SVG face, and the
// picker (home quick mood card, new diary entry). One module, so home loads one small shared chunk (bundle
// budget). The order is the contract's MOODS (very bad → very good), the words src/copy/moods.ts.
import styled, { useTheme } from 'styled-components';
import { MOODS } from '../../contract/constants';
import type { Mood } from '../../contract/diary';
import { moodLabels } from '../copy/moods';
import { MoodFace } from './icons';
import { useRadioGroup } from './useRadioGroup';

export const moodOptions = MOODS.map((value, level) => ({
  value,
  level,
  label: moodLabels[value],
}));
export const moodLabel = (mood: Mood) => moodLabels[mood];
const moodValues = moodOptions.map((o) => o.value);

/** The mood's face in its fixed mood colour. */

export function MoodIcon({ mood, size = 30 }: { mood: Mood; size?: number }) {
  const theme = useTheme();
  const level = moodOptions.findIndex((o) => o.value === mood);
  return <MoodFace level={level} size={size} color={theme.color.mood[level] ?? theme.color.hint} />;
}

/**
 * One row of five at a phone's width, each label with room inside its chip (issue 24): a two-word label may take two
 * lines («Очень / плохое»), a word is never broken. When the text is enlarged, the options wrap onto more rows
 * (each at least as wide as its longest word) instead of cutting a label.
 */
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  font-size: ${({ theme }) => theme.font.size.xxs};
`;

const Option = styled.button<{ $selected: boolean }>`
  flex: 1 1 0;
  min-width: min-content;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  padding: 10px 8px 8px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  /* The ring is a shadow, not a border: it takes no width from the label. */
  box-shadow: inset 0 0 0 1.5px ${({ $selected, theme }) => ($selected ? theme.color.button : 'transparent')};
  background: ${({ $selected, theme }) => ($selected ? theme.tint(theme.color.button, 10) : theme.color.secondaryBg)};
  color: ${({ theme }) => theme.color.text};
  line-height: 1.2;
  transition:
    box-shadow 0.15s ease,
    background 0.15s ease;
  &:disabled {
    opacity: 0.6;
  }
  span {
    font-size: inherit;
    text-align: center;
    color: ${({ $selected, theme }) => ($selected ? theme.color.text : theme.color.hint)};
  }
`;

/**
 * Five moods as a radio group (home's check-in, a diary entry): one tab stop, arrow keys move and choose. A diary
 * entry's mood is optional, so choosing the selected one again clears it (`clearable`, the default); the check-in
 * always has one. Haptics and what a choice means stay with the caller's `onChange`.
 */
export function MoodPicker(props: {
  value: Mood | null;
  onChange: (mood: Mood | null) => void;
  disabled?: boolean;
  clearable?: boolean;
  label?: string;
  className?: string;
}) {
  const radio = useRadioGroup({
    values: moodValues,
    value: props.value,
    onChange: props.onChange,
    clearable: props.clearable ?? true,
    disabled: props.disabled,
  });
  return (
    <Row {...radio.group} aria-label={props.label} className={props.className}>
      {moodOptions.map((o, i) => (
        <Option key={o.value} {...radio.option(i)} aria-label={o.label} $selected={props.value === o.value}>
          <MoodIcon mood={o.value} />
          <span aria-hidden>{o.label}</span>
        </Option>
      ))}
    </Row>
  );
}
