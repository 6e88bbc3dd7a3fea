// Generated paths of «Мои данные»: the export link prepared and opened by a tap of its own (dropped before it
// expires), a failure toast; erasing only after the typed word, with «Обо мне» held meanwhile (let go again when it
// fails), then the device forgets and the app restarts.
import { beforeEach, describe, expect, it } from 'vitest';
import { confirmsErase, ERASE_WORD } from '../../machines/privacy/erase-confirmation';
import { myDataMachine, myDataView, type ExportDownload } from '../../machines/privacy/my-data.machine';
import { describeMachinePaths } from '../support/path-tests';

const effects: Array<[string, unknown?]> = [];
const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});

const count = (name: string) => effects.filter(([n]) => n === name).length;

const download: ExportDownload = { url: 'https://app.example/api/export/1.2.abc', fileName: 'my-data-2025-03-10.json' };

describeMachinePaths(myDataMachine, {
  provide: {
    actions: {
      toast: record('toast'),
      openDownload: record('openDownload'),
      forgetDevice: record('forgetDevice'),
      restartApp: record('restartApp'),
      holdAbout: record('holdAbout'),
      resumeAbout: record('resumeAbout'),
    },
  },
  events: {
    'xstate.done.actor.prepareExport': [{ type: 'xstate.done.actor.prepareExport', output: download }],
    'ERASE.TYPE': [
      { type: 'ERASE.TYPE', text: 'удалит' },
      { type: 'ERASE.TYPE', text: ' удалить ' },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, confirmsErase(s.context.typed)]),
  // Root-level nothing: a final state takes no events.
  filterEvents: (s) => s.status === 'active',
  assert: {
    idle: (s) => {
      expect(myDataView(s)).toMatchObject({ status: 'idle', sheetOpen: false, canErase: false });
      expect(s.context.download).toBeNull();
      const [name, params] = effects.at(-1) ?? [];
      if (name === 'toast') expect(params).toEqual({ key: 'exportFailed' });
    },
    preparing: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'prepareExport' });
      expect(myDataView(s).status).toBe('preparing');
    },
    ready: (s) => {
      expect(myDataView(s)).toMatchObject({ status: 'ready', sheetOpen: false });
      expect(s.context.download).toEqual(download);
      const [name, params] = effects.at(-1) ?? [];
      if (name === 'openDownload') expect(params).toEqual(download);
    },
    confirming: (s) => {
      const view = myDataView(s);
      expect(view).toMatchObject({ status: 'confirming', sheetOpen: true, typed: s.context.typed });
      expect(view.canErase).toBe(confirmsErase(s.context.typed));
      // Without the word, «Удалить навсегда» does nothing.
      expect(s.can({ type: 'ERASE.CONFIRM' })).toBe(view.canErase);
      expect(effects.map(([name]) => name)).not.toContain('forgetDevice');
      // Every hold of «Обо мне» was let go when its erase failed.
      expect(count('resumeAbout')).toBe(count('holdAbout'));
    },
    erasing: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'eraseAll' });
      expect(confirmsErase(s.context.typed)).toBe(true);
      expect(myDataView(s)).toMatchObject({ status: 'erasing', sheetOpen: true });
      // «Обо мне» is held before the erase is called, so nothing of it is sent after.
      expect(count('holdAbout')).toBe(count('resumeAbout') + 1);
      expect(run.invocations.filter((i) => i.id === 'eraseAll')).toHaveLength(count('holdAbout'));
    },
    farewell: (s) => {
      // The device forgot at once; the goodbye shows before the app starts again.
      expect(myDataView(s)).toMatchObject({ status: 'farewell', sheetOpen: false });
      expect(effects.at(-1)).toEqual(['forgetDevice', undefined]);
      expect(effects.map(([name]) => name)).not.toContain('restartApp');
    },
    erased: (s, run) => {
      expect(s.status).toBe('done');
      expect(run.clock.now()).toBeGreaterThanOrEqual(3_000); // the goodbye stayed 3 s
      expect(effects.slice(-2)).toEqual([
        ['forgetDevice', undefined],
        ['restartApp', undefined],
      ]);
    },
  },
});

describe('the erase word', () => {
  it(`is ${ERASE_WORD}, in any letter case, spaces around ignored`, () => {
    expect(confirmsErase('удалить')).toBe(true);
    expect(confirmsErase('  УдАлИтЬ ')).toBe(true);
    expect(confirmsErase('удалить всё')).toBe(false);
    expect(confirmsErase('')).toBe(false);
  });
});
