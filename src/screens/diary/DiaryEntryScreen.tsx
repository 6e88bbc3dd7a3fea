// /app/diary/:entryId: binds the entry machine; back (Telegram BackButton or our own) goes to /app/diary.
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { DiaryEntry } from '../../../contract/diary';
import { diaryEntryMachine } from '../../../machines/diary/diary-entry.machine';
import { getDiaryEntry, toggleDiaryFavorite } from '../../api/diary';
import { Button } from '../../components/Button';
import { formatEntryDate } from '../../components/diary/entryDate';
import { FavoriteStar } from '../../components/diary/FavoriteStar';
import { MoodBadge } from '../../components/diary/MoodBadge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { DiaryIcon } from '../../components/icons';
import { Page } from '../../components/Page';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { Spinner } from '../../components/Spinner';
import { diaryCopy } from '../../copy/diary';
import { haptic } from '../../telegram/haptic';
import { useBackButton } from '../../telegram/useBackButton';
import { toast } from '../../ui/toast';

const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  text-align: center;
`;

const Article = styled.article`
  background: ${({ theme }) => theme.color.sectionBg};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space(4)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  h1 { flex: 1; margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Content = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

export default function DiaryEntryScreen() {
  const { entryId = '' } = useParams();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      diaryEntryMachine.provide({
        actors: {
          loadEntry: fromPromise<DiaryEntry | null, { id: string }>(({ input }) => getDiaryEntry(input.id)),
          toggleFavorite: fromPromise<DiaryEntry, { id: string }>(({ input }) => toggleDiaryFavorite(input.id)),
        },
        actions: {
          toast: (_, { key }) => toast(diaryCopy.toasts[key]),
          navigate: (_, params) => navigate(params.to),
        },
      }),
    [navigate],
  );
  const actor = useActorRef(machine, { input: { id: entryId } });
  const back = () => actor.send({ type: 'BACK' });
  const nativeBack = useBackButton(back);

  const entry = useSelector(actor, (s) => s.context.entry);
  const state = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('notFound') ? 'notFound' : s.matches('error') ? 'error' : 'ready',
  );
  const toggling = useSelector(actor, (s) => s.matches({ ready: 'toggling' }));

  return (
    <Page>
      {nativeBack ? null : (
        <BackLink $variant="plain" onClick={back}>
          <span aria-hidden>←</span> {diaryCopy.backToList}
        </BackLink>
      )}
      {/* The entry's title is the page's h1; until it is there, the page still has one. */}
      {state === 'loading' || state === 'error' ? (
        <VisuallyHidden as="h1">{diaryCopy.entryTitleFallback}</VisuallyHidden>
      ) : null}
      {state === 'loading' ? (
        <Center>
          <Spinner />
        </Center>
      ) : state === 'notFound' ? (
        <EmptyState icon={<DiaryIcon />} title={diaryCopy.entryNotFound} headingLevel={1} />
      ) : state === 'error' ? (
        <ErrorState message={diaryCopy.entryError} retryLabel={diaryCopy.retry} onRetry={() => actor.send({ type: 'RETRY' })} />
      ) : entry ? (
        <Article>
          <Head>
            <h1>{entry.title || diaryCopy.entryTitleFallback}</h1>
            <FavoriteStar
              on={entry.is_favorite}
              busy={toggling}
              onToggle={() => {
                haptic.tap();
                actor.send({ type: 'FAVORITE.TOGGLE' });
              }}
            />
          </Head>
          <Meta>
            <time dateTime={entry.created_at}>{formatEntryDate(entry.created_at)}</time>
            {entry.mood ? <MoodBadge mood={entry.mood} /> : null}
          </Meta>
          <Content>{entry.content}</Content>
        </Article>
      ) : null}
    </Page>
  );
}
