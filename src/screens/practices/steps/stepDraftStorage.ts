// The step practices' drafts in localStorage (safe: a refusing storage never throws), one key per Telegram user so a
// shared device never shows one account's answers to another; inside it, one draft per practice. What is kept, how it
// is read back and when it goes are the machine folder's pure rules (machines/practices/steps/step-draft.ts); this
// module only reads and writes.
import { fromPromise } from 'xstate';
import {
  parseStepDrafts,
  withStepDraft,
  withSubmitted,
  withoutStepDraft,
  type StoredStepDraft,
} from '../../../../machines/practices/steps/step-draft';
import type { StepPracticeId, StepProgress } from '../../../../machines/practices/steps/step-practices';
import { jsonListStore } from '../../../telegram/jsonListStore';

export const stepDraftStorageKey = (telegramId: number) => `practice_drafts:${telegramId}`;

export interface StepDraftStore {
  load<P extends StepPracticeId>(practice: P): StoredStepDraft<P> | null;
  save<P extends StepPracticeId>(practice: P, progress: StepProgress<P>): void;
  clear(practice: StepPracticeId): void;
  /** A save to the diary is being tried: the draft now outlives the session (until the save is confirmed). */
  markSubmitted(practice: StepPracticeId): void;
  /** The plan refused the save: the draft goes with the session again (see step-draft.ts). */
  unmarkSubmitted(practice: StepPracticeId): void;
  /** The session was completed: the draft goes, unless a save to the diary was tried and not confirmed. */
  clearUnlessSubmitted(practice: StepPracticeId): void;
}

/** The user's step-practice drafts; without a known user nothing is read or kept. */
export function stepDraftStore(telegramId: number | null): StepDraftStore {
  if (telegramId === null)
    return {
      load: () => null,
      save: () => {},
      clear: () => {},
      markSubmitted: () => {},
      unmarkSubmitted: () => {},
      clearUnlessSubmitted: () => {},
    };
  const { read, write } = jsonListStore(stepDraftStorageKey(telegramId), parseStepDrafts);
  const find = <P extends StepPracticeId>(practice: P) =>
    (read().find((d) => d.practice === practice) as StoredStepDraft<P> | undefined) ?? null;
  return {
    load: find,
    save: (practice, progress) => write(withStepDraft(read(), { ...progress, practice } as never)),
    clear: (practice) => write(withoutStepDraft(read(), practice)),
    markSubmitted: (practice) => write(withSubmitted(read(), practice)),
    unmarkSubmitted: (practice) => write(withSubmitted(read(), practice, false)),
    clearUnlessSubmitted: (practice) => {
      if (find(practice)?.submitted !== true) write(withoutStepDraft(read(), practice));
    },
  };
}

/** A store as a step machine names its effects: the `restoreDraft` actor, `saveDraft` and `clearDraft`. */
export function stepDraftEffects<P extends StepPracticeId>(store: StepDraftStore, practice: P) {
  return {
    actors: { restoreDraft: fromPromise<StoredStepDraft<P> | null, void>(async () => store.load(practice)) },
    actions: {
      saveDraft: (_: unknown, progress: StepProgress<P>) => store.save(practice, progress),
      clearDraft: () => store.clear(practice),
    },
  };
}
