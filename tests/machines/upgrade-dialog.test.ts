// The app's one upgrade dialog: generated paths over all five keys, opened as usual or quiet (the after-crisis
// window: nothing to sell), and the spec's words for each.
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
/** Whether the OPEN that opened the sheet (from closed) asked for it quiet. */
let openedQuiet: boolean | undefined;
beforeEach(() => {
  navigations.length = 0;
  sentKey = undefined;
  openedQuiet = undefined;
});
const openWith = (key: UpgradeKey, quiet: boolean) => ({
  type: 'OPEN',
  get key() {
    sentKey = key;
    return key;
  },
  get quiet() {
    openedQuiet ??= quiet;
    return quiet;
  },
});

describeMachinePaths(upgradeDialogMachine, {
  provide: { actions: { navigate: (_: unknown, p: unknown) => void navigations.push(p) } },
  events: {
    OPEN: (s) =>
      // Closed: every key, as usual or quiet; open: another key (quietness is the first OPEN's).
      s.matches('closed')
        ? UPGRADE_KEYS.flatMap((key) => [openWith(key, false), openWith(key, true)])
        : UPGRADE_KEYS.map((key) => openWith(key, !s.matches('open'))),
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.key]),
  paths: 'shortest',
  assert: {
    open: (s) => {
      // The sheet shows the key of the last OPEN (a second OPEN while open switches it).
      expect(sentKey).toBeDefined();
      expect(s.context.key).toBe(sentKey);
      expect(openedQuiet).toBe(false);
      expect(upgradeDialogView(s)).toEqual({ open: true, key: sentKey, upsell: true });
      expect(s.can({ type: 'UPGRADE' })).toBe(true);
      expect(navigations).toEqual([]);
    },
    quiet: (s) => {
      // The after-crisis window: the title for the key, nothing to sell, no way to the plans.
      expect(openedQuiet).toBe(true);
      expect(s.context.key).toBe(sentKey);
      expect(upgradeDialogView(s)).toEqual({ open: true, key: sentKey, upsell: false });
      expect(s.can({ type: 'UPGRADE' })).toBe(false);
      expect(s.can({ type: 'DISMISS' })).toBe(true);
      expect(navigations).toEqual([]);
    },
    closed: (s) => {
      // Closed, keeping the last key's words while the sheet slides away.
      openedQuiet = undefined;
      expect(upgradeDialogView(s)).toEqual({ open: false, key: sentKey ?? null, upsell: true });
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
