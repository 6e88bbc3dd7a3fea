import styled from 'styled-components';
import type { Mood } from '../../../contract/diary';
import { diaryCopy } from '../../copy/diary';
import { MoodIcon, moodLabel } from '../MoodPicker';

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
