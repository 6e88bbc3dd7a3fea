// The new-entry drafts and the entries' edit drafts in localStorage (safe: a refusing storage never throws), one key per Telegram user so a
// shared device never shows one account's draft to another. Which drafts are kept, and how they are read back,
// are the machine's pure rules (machines/diary/new-entry-draft.ts); this module only reads and writes them.
import { fromPromise } from 'xstate';
import {
  parseDrafts,
  withDraft,
  withoutDraft,
  type NewEntryDraft,
  type StoredDraft,
} from '../../../machines/diary/new-entry-draft';
import { parseEditDrafts, withEditDraft, withoutEditDraft, type EditDraft } from '../../../machines/diary/entry-edit';
import { jsonListStore } from '../../telegram/jsonListStore';

export const draftStorageKey = (telegramId: number) => `diary_drafts:${telegramId}`;
export const editDraftStorageKey = (telegramId: number) => `diary_edits:${telegramId}`;

export interface DraftStore {
  load(): StoredDraft[];
  save(draft: NewEntryDraft): void;
  clear(basis: string): void;
}

/** The user's draft store; without a known user nothing is read or kept (no one else's draft can show). */
export function draftStore(telegramId: number | null): DraftStore {
  if (telegramId === null) return { load: () => [], save: () => {}, clear: () => {} };
  const { read: load, write } = jsonListStore(draftStorageKey(telegramId), parseDrafts);
  return {
    load,
    save: (draft) => write(withDraft(load(), draft)),
    clear: (basis) => write(withoutDraft(load(), basis)),
  };
}

/** A store as the new-entry machine names its effects: the `restoreDrafts` actor, `saveDraft` and `clearDraft`. */
export function draftEffects(store: DraftStore) {
  return {
    actors: { restoreDrafts: fromPromise<StoredDraft[], void>(async () => store.load()) },
    actions: {
      saveDraft: (_: unknown, draft: NewEntryDraft) => store.save(draft),
      clearDraft: (_: unknown, { basis }: { basis: string }) => store.clear(basis),
    },
  };
}

/**
 * The user's unsaved edits of their entries as the entry machine names its effects: `restoreEditDraft`,
 * `saveEditDraft` and `clearEditDraft`. Without a known user nothing is read or kept.
 */
export function editDraftEffects(telegramId: number | null) {
  const store = telegramId === null ? null : jsonListStore(editDraftStorageKey(telegramId), parseEditDrafts);
  const load = () => store?.read() ?? [];
  return {
    actors: {
      restoreEditDraft: fromPromise<EditDraft | null, { id: string }>(
        async ({ input }) => load().find((d) => d.id === input.id) ?? null,
      ),
    },
    actions: {
      saveEditDraft: (_: unknown, draft: EditDraft) => store?.write(withEditDraft(load(), draft)),
      clearEditDraft: (_: unknown, { id }: { id: string }) => store?.write(withoutEditDraft(load(), id)),
    },
  };
}
