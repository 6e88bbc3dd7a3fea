// One list card. Memoised: appending a page passes the same entry objects and stable callbacks, so the cards
// already on screen do not re-render (see docs/diary.md, "Smooth at 500 entries").
// An <article> whose title link stretches over the whole card, with the star as a sibling above it: a button
// must not sit inside a link (invalid HTML; screen readers announce the pair as one control).
import { memo } from 'react';
import styled from 'styled-components';
import type { DiaryEntry } from '../../../contract/diary';
import { paths } from '../../../machines/paths';
import { entryHeading } from '../../../machines/diary/entry-edit';
import { formatEntryDate } from './entryDate';
import { FavoriteStar } from './FavoriteStar';
import { MoodIcon } from '../MoodPicker';
import { StretchedLink } from '../StretchedLink';

const Card = styled.article`
  position: relative;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  /* Off-screen cards skip layout and paint: long lists stay smooth. */
  content-visibility: auto;
  contain-intrinsic-size: auto 120px;
  &:has(a:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.button};
  }
`;

/** Above the stretched link, so the star gets its own taps. */
const StarSlot = styled.div`
  position: relative;
  z-index: 1;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-right: -${({ theme }) => theme.space(2)};
`;

const DateText = styled.time`
  flex: 1;
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Title = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: 600;
`;

const Content = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
  white-space: pre-line;
`;

export interface DiaryEntryCardProps {
  entry: DiaryEntry;
  toggling: boolean;
  onToggleFavorite: (id: string) => void;
}

export const DiaryEntryCard = memo(function DiaryEntryCard({ entry, toggling, onToggleFavorite }: DiaryEntryCardProps) {
  return (
    <Card data-testid="diary-card">
      <Head>
        <DateText dateTime={entry.created_at}>{formatEntryDate(entry.created_at)}</DateText>
        {entry.mood ? <MoodIcon mood={entry.mood} size={24} /> : null}
        <StarSlot>
          <FavoriteStar on={entry.is_favorite} busy={toggling} onToggle={() => onToggleFavorite(entry.id)} />
        </StarSlot>
      </Head>
      <Title>
        <StretchedLink to={paths.diaryEntry(entry.id)}>{entryHeading(entry)}</StretchedLink>
      </Title>
      <Content>{entry.content}</Content>
    </Card>
  );
});
