// «Мои данные» as two tables: the export link prepared and opened by a tap of its own, dropped a minute before the
// server's 10 minutes run out, a failure toast; the erase sheet, which erases only after the typed word (a word
// short of it and the word with spaces around are the guard's two sides), «Обо мне» held meanwhile (let go again
// when the erase fails), then the device forgets, a 3 s goodbye, and the app starts again.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { confirmsErase, ERASE_WORD } from '../../machines/privacy/erase-confirmation';
import { myDataMachine, myDataView, type ExportDownload } from '../../machines/privacy/my-data.machine';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';

const download: ExportDownload = { url: 'https://app.example/api/export/1.2.abc', fileName: 'my-data-2025-03-10.json' };
/** The server's link lives 10 minutes (docs/privacy.md); the app drops it a minute before. */
const LINK_MS = 9 * 60_000;
/** Long enough to read the goodbye. */
const FAREWELL_MS = 3_000;

/** What the sheet's field holds: nothing, a word one letter short, the word with spaces around. */
const TYPED = { empty: '', short: 'удалит', word: ' удалить ' } as const;
type Typed = keyof typeof TYPED;
const TYPINGS: Typed[] = ['empty', 'short', 'word'];

// `idle short`: the state and what the field holds (the view shows it wherever the sheet was left).
const key = (s: AnyMachineSnapshot) =>
  `${stateValue(s)} ${Object.entries(TYPED).find(([, t]) => t === s.context.typed)?.[0] ?? s.context.typed}`;

const none = {
  EXPORT: false,
  DOWNLOAD: false,
  'ERASE.OPEN': false,
  'ERASE.TYPE': false,
  'ERASE.CONFIRM': false,
  'ERASE.CANCEL': false,
};
const view = (status: string, typed: Typed, over: { sheetOpen?: true; canErase?: true } = {}) => ({
  status,
  sheetOpen: over.sheetOpen ?? false,
  typed: TYPED[typed],
  canErase: over.canErase ?? false,
});
const openSheet = { to: 'confirming empty', context: { typed: '' } };
const prepare = (typed: Typed) => ({
  to: `preparing ${typed}`,
  invokes: [{ id: 'prepareExport', src: 'prepareExport', input: undefined }],
});

const states: Record<string, StateRow> = {};
const transitions: Record<string, Record<string, string | TransitionRow>> = {};
for (const t of TYPINGS) {
  const word = t === 'word';
  states[`idle ${t}`] = {
    view: view('idle', t),
    can: { ...none, EXPORT: true, 'ERASE.OPEN': true },
    context: { download: null },
  };
  states[`preparing ${t}`] = { view: view('preparing', t), can: none, running: ['prepareExport'] };
  states[`ready ${t}`] = {
    view: view('ready', t),
    can: { ...none, DOWNLOAD: true, EXPORT: true, 'ERASE.OPEN': true },
    context: { download },
  };
  // Without the word, «Удалить навсегда» does nothing.
  states[`confirming ${t}`] = {
    view: view('confirming', t, { sheetOpen: true, ...(word ? { canErase: true } : {}) }),
    can: { ...none, 'ERASE.TYPE': true, 'ERASE.CONFIRM': word, 'ERASE.CANCEL': true },
  };
  transitions[`idle ${t}`] = { EXPORT: prepare(t), 'ERASE.OPEN': openSheet };
  transitions[`preparing ${t}`] = {
    'done.actor.prepareExport ok': { to: `ready ${t}`, context: { download } },
    'error.actor.prepareExport': { to: `idle ${t}`, effects: [['toast', { key: 'exportFailed' }]] },
  };
  transitions[`ready ${t}`] = {
    // The file opens only on a tap of its own: Telegram opens downloads only in response to one.
    DOWNLOAD: { to: `ready ${t}`, effects: [['openDownload', download]] },
    EXPORT: { ...prepare(t), context: { download: null } },
    'ERASE.OPEN': { ...openSheet, context: { typed: '', download: null } },
    'after.linkLifetime.myData.ready': { to: `idle ${t}`, after: LINK_MS, context: { download: null } },
  };
  transitions[`confirming ${t}`] = {
    ...Object.fromEntries(TYPINGS.filter((x) => x !== 'empty').map((x) => [`ERASE.TYPE ${x}`, `confirming ${x}`])),
    'ERASE.CONFIRM': word
      ? {
          to: 'erasing word',
          // «Обо мне» is held before the erase is called, so nothing of it is sent after.
          effects: [['holdAbout']],
          invokes: [{ id: 'eraseAll', src: 'eraseAll', input: undefined }],
        }
      : `confirming ${t}`,
    'ERASE.CANCEL': `idle ${t}`,
  };
}
states['erasing word'] = {
  view: view('erasing', 'word', { sheetOpen: true }),
  can: none,
  running: ['eraseAll'],
};
states['farewell word'] = { view: view('farewell', 'word'), can: none };
states['erased word'] = { view: view('erased', 'word'), can: none, status: 'done' };
transitions['erasing word'] = {
  'done.actor.eraseAll': { to: 'farewell word', effects: [['forgetDevice']] },
  'error.actor.eraseAll': { to: 'confirming word', effects: [['resumeAbout'], ['toast', { key: 'eraseFailed' }]] },
};
transitions['farewell word'] = {
  'after.farewell.myData.farewell': { to: 'erased word', after: FAREWELL_MS, effects: [['restartApp']] },
};

describeMachineTables(myDataMachine, {
  view: myDataView,
  events: {
    'xstate.done.actor.prepareExport': { ok: { type: 'xstate.done.actor.prepareExport', output: download } },
    'ERASE.TYPE': { short: { type: 'ERASE.TYPE', text: TYPED.short }, word: { type: 'ERASE.TYPE', text: TYPED.word } },
  },
  key,
  // A final state takes no events.
  filterEvents: (s) => s.status === 'active',
  states,
  transitions,
  counts: { paths: 26, transitions: 39 },
});

describe('the erase word', () => {
  it(`is ${ERASE_WORD}, in any letter case, spaces around ignored`, () => {
    expect(confirmsErase('удалить')).toBe(true);
    expect(confirmsErase('  УдАлИтЬ ')).toBe(true);
    expect(confirmsErase('удалить всё')).toBe(false);
    expect(confirmsErase('')).toBe(false);
  });
});
