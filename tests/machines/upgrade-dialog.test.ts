// The app's one upgrade dialog: generated paths over all five keys, and the spec's words for each.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  UPGRADE_KEYS,
  upgradeDialogMachine,
  upgradeDialogView,
  type UpgradeKey,
} from '../../machines/app/upgrade-dialog.machine';
import { upgradeCopy } from '../../src/copy/upgrade';
import { describeMachinePaths } from '../support/path-tests';

const navigations: unknown[] = [];
/** The key of the OPEN event the actor last received, noted as XState reads it from the event. */
let sentKey: UpgradeKey | undefined;
beforeEach(() => {
  navigations.length = 0;
  sentKey = undefined;
});
const openWith = (key: UpgradeKey) => ({
  type: 'OPEN',
  get key() {
    sentKey = key;
    return key;
  },
});

describeMachinePaths(upgradeDialogMachine, {
  provide: { actions: { navigate: (_: unknown, p: unknown) => void navigations.push(p) } },
  events: { OPEN: UPGRADE_KEYS.map(openWith) },
  serializeState: (s) => JSON.stringify([s.value, s.context.key]),
  paths: 'shortest',
  assert: {
    open: (s) => {
      // The sheet shows the key of the last OPEN (a second OPEN while open switches it).
      expect(sentKey).toBeDefined();
      expect(s.context.key).toBe(sentKey);
      expect(upgradeDialogView(s)).toEqual({ open: true, key: sentKey });
      expect(navigations).toEqual([]);
    },
    closed: (s) => {
      // Closed, keeping the last key's words while the sheet slides away.
      expect(upgradeDialogView(s)).toEqual({ open: false, key: sentKey ?? null });
      // Only UPGRADE navigates, always to the plans; DISMISS («Позже») never does.
      for (const n of navigations) expect(n).toEqual({ to: '/app/profile/subscription' });
      expect(navigations.length).toBeLessThanOrEqual(1);
    },
  },
});

describe('upgrade dialog copy (the spec’s table of dialogs)', () => {
  it('has the verbatim titles and buttons of all five keys', () => {
    expect(upgradeCopy.dialogs).toEqual({
      diary_not_available: { title: 'Дневник недоступен', button: 'Улучшить тариф' },
      diary_limit_reached: {
        title: 'Дневной лимит исчерпан',
        subtitle: 'Лимит обновится завтра',
        button: 'Посмотреть тарифы',
      },
      voice_not_available: { title: 'Голосовой ввод недоступен', button: 'Улучшить тариф' },
      voice_limit_reached: { title: 'Дневной лимит голосовых', button: 'Посмотреть тарифы' },
      messages_limit_reached: {
        title: 'Лимит сообщений исчерпан',
        subtitle: 'Улучшите тариф для продолжения общения с AI.',
        button: 'Посмотреть тарифы',
      },
    });
    expect(upgradeCopy.later).toBe('Позже');
  });
});
