// /app/diary/:entryId: binds the entry machine; back (Telegram BackButton or our own) goes to /app/diary. «Удалить
// запись» asks in a sheet first; once deleted, the app goes back to the list.
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { diaryEntryMachine, diaryEntryView } from '../../../machines/diary/diary-entry.machine';
import { diaryActors } from '../../api/diary.actors';
import { Button } from '../../components/Button';
import { DeleteEntrySheet } from '../../components/diary/DeleteEntrySheet';
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
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { useBackButton } from '../../telegram/useBackButton';

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
  h1 {
    flex: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
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
  const { view, send } = useFlow(diaryEntryMachine, diaryEntryView, { input: { id: entryId }, actors: diaryActors });
  const { status, entry, toggling, confirmingDelete, deleting } = view;
  const back = () => send({ type: 'BACK' });
  const nativeBack = useBackButton(back);

  return (
    <Page>
      {nativeBack ? null : (
        <BackLink $variant="plain" onClick={back}>
          <span aria-hidden>←</span> {diaryCopy.backToList}
        </BackLink>
      )}
      {/* The entry's title is the page's h1; until it is there, the page still has one. */}
      {status === 'loading' || status === 'error' ? (
        <VisuallyHidden as="h1">{diaryCopy.entryTitleFallback}</VisuallyHidden>
      ) : null}
      {status === 'loading' ? (
        <Center>
          <Spinner />
        </Center>
      ) : null}
      {status === 'notFound' ? (
        <EmptyState icon={<DiaryIcon />} title={diaryCopy.entryNotFound} headingLevel={1} />
      ) : null}
      {status === 'error' ? (
        <ErrorState
          message={diaryCopy.entryError}
          retryLabel={diaryCopy.retry}
          onRetry={() => send({ type: 'RETRY' })}
        />
      ) : null}
      {status === 'ready' && entry ? (
        <Article>
          <Head>
            <h1>{entry.title || diaryCopy.entryTitleFallback}</h1>
            <FavoriteStar
              on={entry.is_favorite}
              busy={toggling}
              onToggle={() => {
                haptic.tap();
                send({ type: 'FAVORITE.TOGGLE' });
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
      {status === 'ready' && entry ? (
        <Button
          $variant="destructive"
          $block
          onClick={() => {
            haptic.warning();
            send({ type: 'DELETE.ASK' });
          }}
        >
          {diaryCopy.deleteEntry}
        </Button>
      ) : null}
      <DeleteEntrySheet
        open={confirmingDelete}
        deleting={deleting}
        onConfirm={() => send({ type: 'DELETE.CONFIRM' })}
        onCancel={() => send({ type: 'DELETE.CANCEL' })}
      />
    </Page>
  );
}
