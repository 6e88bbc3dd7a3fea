// What the device keeps of a user, forgotten when they erase their data: the diary (new entries' and edits'), chat,
// step practice and «Обо мне» drafts, the safety plan's copy, home's last week and its kept painting, and the onboarding flag (so the app starts as on a first
// visit). The init data stays: it is Telegram's launch, and the next sign-in needs it.
import { paths } from '../../../machines/paths';
import { STORAGE_KEYS, safeStorage } from '../../telegram/storage';
import { chatDraftStorageKey } from '../chat/chatDraftStorage';
import { draftStorageKey, editDraftStorageKey } from '../diary/draftStorage';
import { shellStorageKey } from '../home/keptHomeFormat';
import { summaryStorageKey } from '../home/summaryStorage';
import { stepDraftStorageKey } from '../practices/steps/stepDraftStorage';
import { devicePlanStorageKey } from '../safety-plan/devicePlanKey';
import { aboutDraftStorageKey } from './aboutDraft';

export function forgetDevice(telegramId: number | null): void {
  if (telegramId !== null)
    for (const key of [
      draftStorageKey,
      editDraftStorageKey,
      chatDraftStorageKey,
      stepDraftStorageKey,
      aboutDraftStorageKey,
      devicePlanStorageKey,
      summaryStorageKey,
      shellStorageKey,
    ])
      safeStorage.remove(key(telegramId));
  safeStorage.remove(STORAGE_KEYS.onboardingCompleted);
}

/** The app from its first screen, loaded afresh: nothing of the erased account stays in memory. */
export function restartApp(): void {
  window.location.replace(paths.root);
}
