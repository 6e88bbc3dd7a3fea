// The home week this device last showed, in localStorage (safe: a refusing storage never throws), one key per
// Telegram user so a shared device never shows one account's week to another. Home shows it at once on the next
// opening while the server is asked (machines/home/home-summary.machine.ts); this module only reads and writes.
import { fromPromise } from 'xstate';
import type { HomeSummary } from '../../../contract/home';
import { parseStoredSummary } from '../../../machines/home/stored-summary';
import { safeStorage } from '../../telegram/storage';

export const summaryStorageKey = (telegramId: number) => `home_summary:${telegramId}`;

/** The user's kept week as the home machine names its effects; without a known user nothing is read or kept. */
export function summaryEffects(telegramId: number | null) {
  const key = telegramId === null ? null : summaryStorageKey(telegramId);
  return {
    actors: {
      restoreSummary: fromPromise<HomeSummary | null, void>(async () =>
        key === null ? null : parseStoredSummary(safeStorage.get(key)),
      ),
    },
    actions: {
      storeSummary: (_: unknown, summary: HomeSummary) => {
        if (key !== null) safeStorage.set(key, JSON.stringify(summary));
      },
    },
  };
}
