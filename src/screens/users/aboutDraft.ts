// «Обо мне» kept on the device until the server has it (safe localStorage, one key per Telegram user, like the diary
// and chat drafts), and the settings machine's effects over it: store each change, clear once saved, and flush on
// the way out — a save that outlives the screen and clears the draft when it lands.
import { saveAboutOnLeave } from '../../api/settings.actors';
import { safeStorage } from '../../telegram/storage';

export const aboutDraftStorageKey = (telegramId: number) => `about_draft:${telegramId}`;

export interface AboutDraftStore {
  load(): string | null;
  save(text: string): void;
  /** Forgets the draft if it is still `text` (typing that came later stays kept). */
  clear(text: string): void;
}

/** The user's draft; without a known user nothing is read or kept. */
export function aboutDraftStore(telegramId: number | null): AboutDraftStore {
  if (telegramId === null) return { load: () => null, save: () => {}, clear: () => {} };
  const key = aboutDraftStorageKey(telegramId);
  return {
    load: () => safeStorage.get(key),
    save: (text) => safeStorage.set(key, text),
    clear: (text) => {
      if (safeStorage.get(key) === text) safeStorage.remove(key);
    },
  };
}

/** The settings machine's storeAboutDraft, clearAboutDraft and flushAbout. */
export function aboutDraftEffects(store: AboutDraftStore) {
  return {
    storeAboutDraft: (_: unknown, { text }: { text: string }) => store.save(text),
    clearAboutDraft: (_: unknown, { text }: { text: string }) => store.clear(text),
    flushAbout: (_: unknown, { text }: { text: string }) => {
      // The draft stays if this fails: the next visit finds it and saves it.
      saveAboutOnLeave(text).then(
        () => store.clear(text),
        () => {},
      );
    },
  };
}
