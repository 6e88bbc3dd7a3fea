// Mood values in display order with the spec's Russian labels, drawn with the shared SVG mood faces.
import { useTheme } from 'styled-components';
import { MOODS, type Mood } from '../../../contract/diary';
import { diaryCopy } from '../../copy/diary';
import { MoodFace } from '../icons';

export const moodOptions = MOODS.map((value, level) => ({ value, level, label: diaryCopy.moods[value] }));
export const moodLabel = (mood: Mood) => diaryCopy.moods[mood];

export function MoodIcon({ mood, size }: { mood: Mood; size?: number }) {
  const theme = useTheme();
  const level = MOODS.indexOf(mood);
  return (
    <span aria-hidden style={{ display: 'inline-flex', width: size, height: size }}>
      <MoodFace level={level} color={theme.color.mood[level] ?? theme.color.hint} />
    </span>
  );
}
