// /app/diary/new: binds the new-entry machine to its effects — the user's draft store, the create call, toasts,
// navigation and the upgrade dialog — and renders it. Prefill comes from navigation state (chat suggestion, home
// mood card), validated by the machine's rules; the drafts survive reloads, closing the app and failed saves.
import { useId, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { newEntryMachine, newEntryView } from '../../../machines/diary/new-entry.machine';
import { prefillFromNavigation } from '../../../machines/diary/new-entry-draft';
import { diaryActors } from '../../api/diary.actors';
import { useAuthView } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { EntryFields } from '../../components/diary/EntryFields';
import { Page } from '../../components/Page';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { diaryCopy } from '../../copy/diary';
import { newClientId } from '../../lib/clientId';
import { useFlow } from '../../flow/useFlow';
import { useBackButton } from '../../telegram/useBackButton';
import { draftEffects, draftStore } from './draftStorage';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  input {
    width: 20px;
    height: 20px;
    accent-color: ${({ theme }) => theme.color.button};
  }
`;

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

export default function NewEntryScreen() {
  const location = useLocation();
  const telegramId = useAuthView().user?.telegram_id;
  // The signed-in user's drafts (one storage key per Telegram user).
  const drafts = useMemo(
    () => draftEffects(draftStore(typeof telegramId === 'number' ? telegramId : null)),
    [telegramId],
  );
  const { view, send } = useFlow(newEntryMachine, newEntryView, {
    input: { prefill: prefillFromNavigation(location.state), navigationKey: location.key, newClientId },
    actors: { ...diaryActors, ...drafts.actors },
    actions: drafts.actions,
  });
  const { title, content, mood, isFavorite, submitting, editable, canSave, atRisk } = view;
  const locked = !editable;
  const nativeBack = useBackButton(() => send({ type: 'BACK' }));
  // Editable but not savable: the content is blank — the button says why (spec: disabled on blank content).
  const blankReasonId = useId();
  const blank = editable && !canSave;

  return (
    <Page title={diaryCopy.newEntry}>
      {nativeBack ? null : (
        <BackLink $variant="plain" onClick={() => send({ type: 'BACK' })}>
          <span aria-hidden>←</span> {diaryCopy.backToList}
        </BackLink>
      )}
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <EntryFields
          title={title}
          content={content}
          mood={mood}
          locked={locked}
          atRisk={atRisk}
          onTitle={(value) => send({ type: 'TITLE.CHANGE', value })}
          onContent={(value) => send({ type: 'CONTENT.CHANGE', value })}
          onMood={(m) => send({ type: 'MOOD.SELECT', mood: m })}
          onSubmit={() => send({ type: 'SUBMIT' })}
        />
        <Check>
          <input
            type="checkbox"
            checked={isFavorite}
            disabled={locked}
            onChange={(e) => send({ type: 'FAVORITE.SET', value: e.target.checked })}
          />
          {diaryCopy.form.favoriteLabel}
        </Check>
        <Button
          type="submit"
          $block
          disabled={!canSave}
          aria-busy={submitting}
          aria-describedby={blank ? blankReasonId : undefined}
        >
          {submitting ? diaryCopy.form.saving : diaryCopy.form.save}
        </Button>
        {blank ? <VisuallyHidden id={blankReasonId}>{diaryCopy.toasts.blankContent.description}</VisuallyHidden> : null}
      </Form>
    </Page>
  );
}
