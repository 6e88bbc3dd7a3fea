// The reusable upgrade dialog: generated paths over all five keys, and the copy table of spec section 8.
import { beforeEach, describe, expect, it } from 'vitest';
import { UPGRADE_KEYS, upgradeDialogMachine } from '../../machines/upgrade-dialog.machine';
import { upgradeCopy } from '../../src/copy/upgrade';
import { describeMachinePaths } from '../support/path-tests';

const navigations: unknown[] = [];
beforeEach(() => {
  navigations.length = 0;
});

describeMachinePaths(upgradeDialogMachine, {
  provide: { actions: { navigate: (_: unknown, p: unknown) => void navigations.push(p) } },
  events: { OPEN: UPGRADE_KEYS.map((key) => ({ type: 'OPEN', key })) },
  serializeState: (s) => JSON.stringify([s.value, s.context.key]),
  paths: 'shortest',
  assert: {
    open: (s) => {
      expect(UPGRADE_KEYS).toContain(s.context.key);
      expect(navigations).toEqual([]);
    },
    closed: (s) => {
      // Only UPGRADE navigates, always to the plans; DISMISS («Позже») never does.
      for (const n of navigations) expect(n).toEqual({ to: '/app/profile/subscription' });
      expect(navigations.length).toBeLessThanOrEqual(1);
      void s;
    },
  },
});

describe('upgrade dialog copy (spec section 8)', () => {
  it('has the verbatim titles and buttons of all five keys', () => {
    expect(upgradeCopy.dialogs).toEqual({
      diary_not_available: { title: 'Дневник недоступен', button: 'Улучшить тариф' },
      diary_limit_reached: { title: 'Дневной лимит исчерпан', subtitle: 'Лимит обновится завтра', button: 'Посмотреть тарифы' },
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
