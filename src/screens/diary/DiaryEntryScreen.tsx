// /app/diary/:entryId: binds the entry machine; back (Telegram BackButton or our own) goes to /app/diary. «Изменить»
// opens the entry's form in place (its edit draft kept on the device until saved); «Удалить запись» asks in a sheet
// first; once deleted, the app goes back to the list.
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { diaryEntryMachine, diaryEntryView } from '../../../machines/diary/diary-entry.machine';
import { entryHeading } from '../../../machines/diary/entry-edit';
import { diaryActors } from '../../api/diary.actors';
import { useAuthView } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { DeleteEntrySheet } from '../../components/diary/DeleteEntrySheet';
import { EntryFields } from '../../components/diary/EntryFields';
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
import { editDraftEffects } from './draftStorage';

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

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  & > * {
    flex: 1;
  }
`;

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

export default function DiaryEntryScreen() {
  const { entryId = '' } = useParams();
  const telegramId = useAuthView().user?.telegram_id;
  // The signed-in user's edit drafts (one storage key per Telegram user).
  const edits = useMemo(() => editDraftEffects(typeof telegramId === 'number' ? telegramId : null), [telegramId]);
  const { view, send } = useFlow(diaryEntryMachine, diaryEntryView, {
    input: { id: entryId },
    actors: { ...diaryActors, ...edits.actors },
    actions: edits.actions,
  });
  const { status, entry, toggling, confirmingDelete, deleting, edit } = view;
  const save = () => send({ type: 'EDIT.SAVE' });
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
      {status === 'ready' && entry && edit ? (
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <h1>{diaryCopy.editHeading}</h1>
          <EntryFields
            title={edit.title}
            content={edit.content}
            mood={edit.mood}
            locked={!edit.editable}
            atRisk={edit.atRisk}
            onTitle={(value) => send({ type: 'EDIT.TITLE', value })}
            onContent={(value) => send({ type: 'EDIT.CONTENT', value })}
            onMood={(mood) => send({ type: 'EDIT.MOOD', mood })}
            onSubmit={save}
          />
          <Actions>
            <Button
              type="button"
              $variant="secondary"
              disabled={!edit.editable}
              onClick={() => send({ type: 'EDIT.CANCEL' })}
            >
              {diaryCopy.cancelEdit}
            </Button>
            <Button type="submit" disabled={!edit.canSave} aria-busy={edit.saving}>
              {edit.saving ? diaryCopy.form.saving : diaryCopy.form.save}
            </Button>
          </Actions>
        </Form>
      ) : null}
      {status === 'ready' && entry && !edit ? (
        <Article>
          <Head>
            <h1>{entryHeading(entry)}</h1>
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
      {status === 'ready' && entry && !edit ? (
        <Actions>
          <Button
            $variant="secondary"
            onClick={() => {
              haptic.tap();
              send({ type: 'EDIT.START' });
            }}
          >
            {diaryCopy.editEntry}
          </Button>
          <Button
            $variant="destructive"
            onClick={() => {
              haptic.warning();
              send({ type: 'DELETE.ASK' });
            }}
          >
            {diaryCopy.deleteEntry}
          </Button>
        </Actions>
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
