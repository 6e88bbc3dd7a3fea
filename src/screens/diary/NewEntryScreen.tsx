// /app/diary/new: binds the new-entry machine to its effects — the user's draft store, the create call, toasts,
// navigation and the upgrade dialog — and renders it. Prefill comes from navigation state (chat suggestion, home
// mood card), validated by the machine's rules; the drafts survive reloads, closing the app and failed saves.
import { useId, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { DIARY_CONTENT_MAX, DIARY_TITLE_MAX } from '../../../contract/constants';
import { newEntryMachine, newEntryView } from '../../../machines/diary/new-entry.machine';
import { prefillFromNavigation } from '../../../machines/diary/new-entry-draft';
import { diaryActors } from '../../api/diary.actors';
import { useAuthView } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { CrisisHelp } from '../../components/CrisisHelp';
import { useCrisisLines } from '../shared/useCrisisLines';
import { MoodPicker } from '../../components/MoodPicker';
import { crisisCopy } from '../../copy/crisis';
import { Page } from '../../components/Page';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { diaryCopy } from '../../copy/diary';
import { newClientId } from '../../lib/clientId';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { useBackButton } from '../../telegram/useBackButton';
import { draftEffects, draftStore } from './draftStorage';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.hint};
`;

const FieldHead = styled.span`
  display: flex;
  justify-content: space-between;
`;

const inputCss = `
  width: 100%;
  padding: 12px 14px;
  border: 0;
  border-radius: 14px;
  font: inherit;
  font-size: 1rem;
  outline: none;
`;

const Input = styled.input`
  ${inputCss}
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  &:disabled {
    opacity: 0.6;
  }
`;

const TextArea = styled.textarea`
  ${inputCss}
  min-height: 200px;
  resize: vertical;
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  &:disabled {
    opacity: 0.6;
  }
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
  const crisisLines = useCrisisLines();
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
        <Field>
          <FieldHead>
            <span>{diaryCopy.form.titleLabel}</span>
            <span>{diaryCopy.form.counter(title.length, DIARY_TITLE_MAX)}</span>
          </FieldHead>
          <Input
            value={title}
            maxLength={DIARY_TITLE_MAX}
            placeholder={diaryCopy.form.titlePlaceholder}
            disabled={locked}
            onChange={(e) => send({ type: 'TITLE.CHANGE', value: e.target.value })}
          />
        </Field>
        <Field>
          <FieldHead>
            <span>{diaryCopy.form.contentLabel}</span>
            <span>{diaryCopy.form.counter(content.length, DIARY_CONTENT_MAX)}</span>
          </FieldHead>
          <TextArea
            value={content}
            maxLength={DIARY_CONTENT_MAX}
            placeholder={diaryCopy.form.contentPlaceholder}
            disabled={locked}
            onChange={(e) => send({ type: 'CONTENT.CHANGE', value: e.target.value })}
            onKeyDown={(e) => {
              // Ctrl/Cmd+Enter saves from the keyboard (a blank one shows the warning).
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                send({ type: 'SUBMIT' });
              }
            }}
          />
        </Field>
        <CrisisHelp show={atRisk} text={crisisCopy.diary} lines={crisisLines} />
        <Field as="div">
          <span>{diaryCopy.form.moodLabel}</span>
          <MoodPicker
            value={mood}
            label={diaryCopy.form.moodLabel}
            disabled={locked}
            onChange={(m) => {
              haptic.select();
              send({ type: 'MOOD.SELECT', mood: m });
            }}
          />
        </Field>
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
