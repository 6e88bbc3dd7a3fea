// The app's one upgrade dialog as two tables: closed, or open with one of the spec's five keys (a feature not on
// the plan, or its daily limit spent), opened as usual or quiet (the after-crisis window: the title only, nothing to
// sell, «Понятно»). «Позже» dismisses; the upgrade button closes it and goes to the plans. A second OPEN while the
// sheet is up switches its words, never its quietness. The key stays after closing (the sheet slides away with it).
import { describe, expect, it } from 'vitest';
import { upgradeDialogMachine, upgradeDialogView } from '../../machines/app/upgrade-dialog.machine';
import { upgradeCopy } from '../../src/copy/upgrade';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';

/** The spec's five dialogs. */
const KEYS = [
  'diary_not_available',
  'diary_limit_reached',
  'voice_not_available',
  'voice_limit_reached',
  'messages_limit_reached',
] as const;
type Key = (typeof KEYS)[number];
/** The key a second OPEN brings while (or after) the sheet shows `key`: the next one of the spec's list. */
const next = (key: Key) => KEYS[(KEYS.indexOf(key) + 1) % KEYS.length]!;
const open = (key: Key) => ({ [key]: { type: 'OPEN', key }, [`${key} quiet`]: { type: 'OPEN', key, quiet: true } });

const row = (view: { open: boolean; key: Key | null; upsell: boolean }, can: StateRow['can']): StateRow => ({
  view,
  can: { OPEN: true, DISMISS: false, UPGRADE: false, ...can },
});
const states: Record<string, StateRow> = { closed: row({ open: false, key: null, upsell: true }, {}) };
const transitions: Record<string, Record<string, string | TransitionRow>> = { closed: {} };
for (const key of KEYS) {
  const other = next(key);
  transitions.closed![`OPEN ${key}`] = `open ${key}`;
  transitions.closed![`OPEN ${key} quiet`] = `quiet ${key}`;
  // Closed, keeping the last key's words while the sheet slides away.
  states[`closed ${key}`] = row({ open: false, key, upsell: true }, {});
  transitions[`closed ${key}`] = { [`OPEN ${other}`]: `open ${other}`, [`OPEN ${other} quiet`]: `quiet ${other}` };
  states[`open ${key}`] = row({ open: true, key, upsell: true }, { DISMISS: true, UPGRADE: true });
  transitions[`open ${key}`] = {
    [`OPEN ${other}`]: `open ${other}`,
    [`OPEN ${other} quiet`]: `open ${other}`,
    // «Позже» never navigates; the upgrade button goes to the plans.
    DISMISS: `closed ${key}`,
    UPGRADE: { to: `closed ${key}`, effects: [['navigate', { to: '/app/profile/subscription' }]] },
  };
  // The after-crisis window: nothing to sell, no way to the plans, only «Понятно».
  states[`quiet ${key}`] = row({ open: true, key, upsell: false }, { DISMISS: true });
  transitions[`quiet ${key}`] = {
    [`OPEN ${other}`]: `quiet ${other}`,
    [`OPEN ${other} quiet`]: `quiet ${other}`,
    DISMISS: `closed ${key}`,
  };
}

describeMachineTables(upgradeDialogMachine, {
  view: upgradeDialogView,
  events: {
    // Closed: every key, as usual or quiet; once a key is set: the next key, as usual or quiet.
    OPEN: (s) => (s.context.key ? open(next(s.context.key as Key)) : Object.assign({}, ...KEYS.map(open))),
  },
  key: (s) => [stateValue(s), s.context.key].filter(Boolean).join(' '),
  states,
  transitions,
  counts: { paths: 40, transitions: 55 },
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
