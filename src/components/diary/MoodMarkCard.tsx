// A check-in among the diary's entries (home's one tap): the time, the face and «Настроение: Хорошее», and the day's
// note. Quieter than an entry card and not a link (there is no page of its own). Memoised like the entry cards.
import { memo } from 'react';
import styled from 'styled-components';
import type { CheckIn } from '../../../contract/checkin';
import { diaryCopy } from '../../copy/diary';
import { MoodIcon, moodLabel } from '../MoodPicker';
import { formatEntryDate } from './entryDate';

const Mark = styled.article`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: inset 0 0 0 1px ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  content-visibility: auto;
  contain-intrinsic-size: auto 64px;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  time {
    color: ${({ theme }) => theme.color.hint};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.sm};
    overflow-wrap: anywhere;
  }
`;

export const MoodMarkCard = memo(function MoodMarkCard({ checkIn }: { checkIn: CheckIn }) {
  const label = `${diaryCopy.moodMark}: ${moodLabel(checkIn.mood)}`;
  return (
    <Mark data-testid="mood-mark" aria-label={label}>
      <MoodIcon mood={checkIn.mood} size={28} />
      <Body>
        <time dateTime={checkIn.updated_at}>{formatEntryDate(checkIn.updated_at)}</time>
        <p>{label}</p>
        {checkIn.note ? <p>{checkIn.note}</p> : null}
      </Body>
    </Mark>
  );
});
