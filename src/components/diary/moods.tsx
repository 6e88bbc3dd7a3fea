// Mood values in display order with the spec's Russian labels, drawn with the shared SVG mood faces.
import styled, { useTheme } from 'styled-components';
import { MOODS, type Mood } from '../../../contract/diary';
import { diaryCopy } from '../../copy/diary';
import { MoodFace } from '../icons';

export const moodOptions = MOODS.map((value, level) => ({ value, level, label: diaryCopy.moods[value] }));
export const moodLabel = (mood: Mood) => diaryCopy.moods[mood];

const Face = styled.span<{ $size: number }>`
  display: inline-flex;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  svg { width: 100%; height: 100%; }
`;

export function MoodIcon({ mood, size = 30 }: { mood: Mood; size?: number }) {
  const theme = useTheme();
  const level = MOODS.indexOf(mood);
  return (
    <Face aria-hidden $size={size}>
      <MoodFace level={level} color={theme.color.mood[level] ?? theme.color.hint} />
    </Face>
  );
}

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
`;

/** The face and the Russian label, e.g. «Хорошее». */
export function MoodBadge({ mood }: { mood: Mood }) {
  return (
    <Badge title={`${diaryCopy.moodLabel}: ${moodLabel(mood)}`}>
      <MoodIcon mood={mood} size={20} />
      <span>{moodLabel(mood)}</span>
    </Badge>
  );
}
