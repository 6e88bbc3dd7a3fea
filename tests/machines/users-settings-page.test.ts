// The settings page's machine as two tables: the settings flow and the own-data flow run as its children (the real
// machines, their effects faked here), every event reaches the child that knows it, the page's view follows both,
// and «Обо мне» is held before the erase is asked for — a save in flight is aborted first — and goes on when the
// erase fails. The page has no states of its own and its children run only in a live actor (xstate/graph cannot
// see a child's answer), so the walk is the model's transitions table (decision 0251): every transition is taken
// by the shortest path of the table that reaches it, on a real actor, and every step is checked against the
// tables — the view model, can(), what the children did in order (effects, calls started and aborted) and the
// clock of each delay.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyStateMachine, type EventObject } from 'xstate';
import type { AddressForm, CommunicationStyle, ReminderTime } from '../../contract/settings';
import type { MyDataStatus } from '../../machines/privacy/my-data.machine';
import { settingsPageMachine, settingsPageView } from '../../machines/users/settings-page.machine';
import { settings } from './users-fixtures';

/** «Обо мне» is saved after this pause in typing (docs/profile.md: 1 s). */
const PAUSE_MS = 1000;
/** The goodbye shows this long before the app starts again (3 s, as tests/machines/privacy-my-data.test.ts). */
const FAREWELL_MS = 3000;
const ABOUT = 'Люблю утро';
/** The word that confirms the erase, as typed. */
const RIGHT = 'УДАЛИТЬ';
const WRONG = 'удали';
const DOWNLOAD = { url: 'https://x/e', fileName: 'my-data.json' };

/** A child as the page runs it (the own-data flow with its «Обо мне» wiring), to give it fake effects. */
const child = (name: 'settings' | 'myData') => settingsPageMachine.implementations.actors[name] as AnyStateMachine;

// ── The model ──
type Choices = 'idle' | 'savingStyle' | 'savingAddress' | 'savingReminder' | 'askingWriteAccess';
type About = 'saved' | 'typing' | 'saving' | 'held';
interface Page {
  settings: 'loading' | 'error' | 'ready';
  choices: Choices;
  about: About;
  text: string;
  style: CommunicationStyle;
  address: AddressForm;
  reminder: ReminderTime;
  data: MyDataStatus;
  typed: string;
  /** The own-data flow has ended (its last snapshot, the goodbye, is what the page keeps showing). */
  dataDone: boolean;
}
const START: Page = {
  settings: 'loading',
  choices: 'idle',
  about: 'saved',
  text: '',
  style: 'gentle',
  address: 'vy',
  reminder: 'evening',
  data: 'idle',
  typed: '',
  dataDone: false,
};
const keyOf = (p: Page) =>
  [
    p.settings === 'ready' ? `ready ${p.choices}/${p.about}` : p.settings,
    `${p.style} ${p.address} ${p.reminder}`,
    p.text && `about ${JSON.stringify(p.text)}`,
    `data ${p.data}`,
    p.typed && `typed ${JSON.stringify(p.typed)}`,
    p.dataDone && 'own data ended',
  ]
    .filter(Boolean)
    .join(' | ');

type Entry = [string, ...unknown[]];
interface Move {
  to: Page;
  /** What the children did, in order: named effects, `['start', id, input]`, `['abort', id]`. */
  log?: Entry[];
  after?: number;
}
const start = (id: string, input?: unknown): Entry => ['start', id, input];

/** Every step the walk takes from a page, by event key. */
function moves(p: Page): Record<string, Move> {
  const out: Record<string, Move> = {};
  const to = (over: Partial<Page>, log: Entry[] = []): Move => ({ to: { ...p, ...over }, log });
  const home = p.settings === 'ready' && p.choices === 'idle' && p.about === 'saved' && p.data === 'idle';
  if (p.settings === 'loading') {
    // The server's settings (the bot cannot write yet); no «Обо мне» kept on the device.
    out['done.actor.loadSettings'] = to({ settings: 'ready' });
    out['error.actor.loadSettings'] = to({ settings: 'error' });
  }
  if (p.settings === 'error') out.RETRY = to({ settings: 'loading' }, [start('loadSettings')]);
  if (home) {
    out['STYLE.SELECT direct'] = to({ choices: 'savingStyle', style: 'direct' }, [
      start('saveStyle', { communication_style: 'direct' }),
    ]);
    out['ADDRESS.SELECT ty'] = to({ choices: 'savingAddress', address: 'ty' }, [
      start('saveAddress', { address_form: 'ty' }),
    ]);
    out['REMINDER.SELECT morning'] = to({ choices: 'savingReminder', reminder: 'morning' }, [
      start('saveReminder', { reminder_time: 'morning' }),
    ]);
    // The hint's button: the bot cannot write and a time is chosen.
    out['WRITE_ACCESS.ASK'] = to({ choices: 'askingWriteAccess' }, [start('requestWriteAccess')]);
    out.BACK = to({}, [['navigate', { to: '/app/profile' }]]);
    out.EXPORT = to({ data: 'preparing' }, [start('prepareExport')]);
    out['ABOUT.CHANGE text'] = to({ about: 'typing', text: ABOUT }, [['storeAboutDraft', { text: ABOUT }]]);
  }
  if (p.settings === 'ready' && p.about === 'typing') {
    out['after.aboutPause'] = {
      ...to({ about: 'saving' }, [start('saveAbout', { personal_context: ABOUT })]),
      after: PAUSE_MS,
    };
    // Leaving: what the server does not have goes now.
    out.LEAVE = to({}, [['flushAbout', { text: ABOUT }]]);
  }
  // The erase, with nothing in flight and with «Обо мне» being saved.
  if (home || (p.about === 'saving' && p.data === 'idle')) out['ERASE.OPEN'] = to({ data: 'confirming' });
  switch (p.data) {
    case 'preparing':
      out['done.actor.prepareExport'] = to({ data: 'ready' });
      break;
    case 'ready':
      out.DOWNLOAD = to({}, [['openDownload', DOWNLOAD]]);
      break;
    case 'confirming':
      if (p.typed === '') {
        out['ERASE.TYPE wrong'] = to({ typed: WRONG });
        out['ERASE.CANCEL'] = to({ data: 'idle' });
      }
      if (p.typed !== RIGHT) out['ERASE.TYPE right'] = to({ typed: RIGHT });
      // A wrong word erases nothing and holds nothing; the right one holds «Обо мне» first (its save in flight
      // dropped), then asks the server to erase.
      if (p.typed === WRONG) out['ERASE.CONFIRM'] = to({});
      if (p.typed === RIGHT)
        out['ERASE.CONFIRM'] = to({ data: 'erasing', about: 'held' }, [
          ...(p.about === 'saving' ? [['abort', 'saveAbout'] as Entry] : []),
          start('eraseAll'),
        ]);
      break;
    case 'erasing':
      // Failed: the sheet again, and «Обо мне» goes on (typing again when the server lacks the text).
      out['error.actor.eraseAll'] = to({ data: 'confirming', about: p.text ? 'typing' : 'saved' }, [
        ['toast', { key: 'eraseFailed' }],
      ]);
      out['done.actor.eraseAll'] = to({ data: 'farewell' }, [['forgetDevice']]);
      // Leaving while everything is erased sends nothing.
      if (p.text) out.LEAVE = to({});
      break;
    case 'farewell':
      // The app starts again. The flow's final snapshot does not reach the page's context, so the page goes on
      // showing the goodbye until the app has restarted.
      if (!p.dataDone) out['after.farewell'] = { ...to({ dataDone: true }, [['restartApp']]), after: FAREWELL_MS };
      break;
  }
  return out;
}

const viewOf = (p: Page) => {
  const ready = p.settings === 'ready';
  return {
    status: p.settings,
    style: p.style,
    address: p.address,
    reminder: p.reminder,
    about: p.text,
    aboutLength: p.text.length,
    choosing: ready && p.choices !== 'idle',
    aboutSaving: ready && p.about === 'saving',
    aboutFailed: false,
    // The bot cannot write (the server said so) and a time is chosen; not while a time is decided.
    remindersUnreachable: ready && !['savingReminder', 'askingWriteAccess'].includes(p.choices),
    canAskWriteAccess: true,
    dataStatus: p.data,
    eraseSheetOpen: p.data === 'confirming' || p.data === 'erasing',
    eraseTyped: p.typed,
    canErase: p.data === 'confirming' && p.typed === RIGHT,
  };
};

// The event cases, by key.
const EVENTS: Record<string, EventObject & Record<string, unknown>> = {
  'STYLE.SELECT direct': { type: 'STYLE.SELECT', style: 'direct' },
  'ADDRESS.SELECT ty': { type: 'ADDRESS.SELECT', address: 'ty' },
  'REMINDER.SELECT morning': { type: 'REMINDER.SELECT', time: 'morning' },
  'WRITE_ACCESS.ASK': { type: 'WRITE_ACCESS.ASK' },
  'ABOUT.CHANGE text': { type: 'ABOUT.CHANGE', text: ABOUT },
  RETRY: { type: 'RETRY' },
  BACK: { type: 'BACK' },
  LEAVE: { type: 'LEAVE' },
  EXPORT: { type: 'EXPORT' },
  DOWNLOAD: { type: 'DOWNLOAD' },
  'ERASE.OPEN': { type: 'ERASE.OPEN' },
  'ERASE.TYPE wrong': { type: 'ERASE.TYPE', text: WRONG },
  'ERASE.TYPE right': { type: 'ERASE.TYPE', text: RIGHT },
  'ERASE.CONFIRM': { type: 'ERASE.CONFIRM' },
  'ERASE.CANCEL': { type: 'ERASE.CANCEL' },
  'ABOUT.RESUME': { type: 'ABOUT.RESUME' },
};
const OUTPUTS: Record<string, unknown> = {
  loadSettings: settings(),
  prepareExport: DOWNLOAD,
  eraseAll: undefined,
};

// ── The tables: the model walked breadth-first; each transition's path is the shortest one through the table ──
const rows = new Map<string, ReturnType<typeof viewOf>>();
const table = new Map<string, Record<string, Move>>();
const pathTo = new Map<string, string[]>([[keyOf(START), []]]);
const edges: Array<{ from: string; event: string; path: string[] }> = [];
for (const queue = [START]; queue.length;) {
  const p = queue.shift()!;
  const k = keyOf(p);
  if (rows.has(k)) continue;
  rows.set(k, viewOf(p));
  table.set(k, moves(p));
  for (const [event, move] of Object.entries(moves(p))) {
    const path = [...pathTo.get(k)!, event];
    edges.push({ from: k, event, path });
    if (!pathTo.has(keyOf(move.to))) pathTo.set(keyOf(move.to), path);
    queue.push(move.to);
  }
}
// One case per path that is not the beginning of a longer one.
const paths = edges
  .map((e) => e.path)
  .filter(
    (path, i, all) =>
      !all.some((other, j) => j !== i && other.length > path.length && path.every((ev, n) => other[n] === ev)),
  )
  .filter((path, i, all) => all.findIndex((other) => other.join() === path.join()) === i);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const statesSeen = new Set<string>();
const transitionsSeen = new Set<string>();
const guardSides = new Set<boolean>();
/** Guards count only while an event is delivered (not while can() probes). */
let delivering = false;

async function walk(path: string[]) {
  const log: Entry[] = [];
  const running = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
  const fake = () =>
    fromPromise<unknown, unknown>(({ input, self, signal }) => {
      log.push(start(self.id, input));
      signal.addEventListener('abort', () => log.push(['abort', self.id]));
      return new Promise((resolve, reject) => running.set(self.id, { resolve, reject }));
    });
  const rec = (name: string) => (_: unknown, params?: unknown) =>
    void log.push(params === undefined ? [name] : [name, params]);
  const eraseStarts = settingsPageMachine.implementations.guards.eraseStarts as (a: unknown, p: unknown) => boolean;
  const machine = settingsPageMachine.provide({
    guards: {
      eraseStarts: (args: unknown, params: unknown) => {
        const result = eraseStarts(args, params);
        if (delivering) guardSides.add(result);
        return result;
      },
    },
    actors: {
      settings: child('settings').provide({
        actors: { loadSettings: fake(), saveSettings: fake(), requestWriteAccess: fake(), reportBotAccess: fake() },
        actions: Object.fromEntries(
          ['toast', 'navigate', 'storeAboutDraft', 'clearAboutDraft', 'flushAbout'].map((n) => [n, rec(n)]),
        ),
      }),
      myData: child('myData').provide({
        actors: { prepareExport: fake(), eraseAll: fake() },
        actions: Object.fromEntries(['toast', 'openDownload', 'forgetDevice', 'restartApp'].map((n) => [n, rec(n)])),
      }),
    },
  } as never);
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { aboutDraft: null }, clock }).start();
  const keyNow = () => {
    const s = actor.getSnapshot();
    const set = (s.context.settings ?? s.children.settings!.getSnapshot()) as {
      value: string | { ready: { choices: Choices; about: About } };
      context: { style: CommunicationStyle; address: AddressForm; reminder: ReminderTime; about: string };
    };
    const data = (s.context.myData ?? s.children.myData!.getSnapshot()) as {
      value: MyDataStatus;
      context: { typed: string };
    };
    return keyOf({
      settings: typeof set.value === 'string' ? (set.value as Page['settings']) : 'ready',
      choices: typeof set.value === 'string' ? 'idle' : set.value.ready.choices,
      about: typeof set.value === 'string' ? 'saved' : set.value.ready.about,
      text: set.context.about,
      style: set.context.style,
      address: set.context.address,
      reminder: set.context.reminder,
      data: data.value,
      typed: data.context.typed,
      dataDone: s.children.myData!.getSnapshot().status === 'done',
    });
  };
  const checkState = (k: string) => {
    const view = rows.get(k);
    if (!view) throw new Error(`reached "${k}" with no entry in the states table`);
    statesSeen.add(k);
    expect(settingsPageView(actor.getSnapshot()), `view in ${k}`).toEqual(view);
    // The page routes every event to a child, in every state: it takes them all.
    const can = Object.fromEntries(
      Object.entries(EVENTS).map(([key, e]) => [key, actor.getSnapshot().can(e as never)]),
    );
    expect(can, `can() in ${k}`).toEqual(Object.fromEntries(Object.keys(EVENTS).map((key) => [key, true])));
  };
  try {
    await flush();
    let k = keyNow();
    expect(k).toBe(keyOf(START));
    expect(log, 'starting').toEqual([start('loadSettings')]);
    checkState(k);
    for (const event of path) {
      const move = table.get(k)?.[event];
      if (!move) throw new Error(`no entry for "${k}" --${event}-->`);
      log.length = 0;
      const at = clock.now();
      delivering = true;
      const [kind, id] = event.split('.actor.');
      if (id) {
        const settle = running.get(id);
        if (!settle) throw new Error(`${id} is not running in "${k}"`);
        if (kind === 'done') settle.resolve(OUTPUTS[id]);
        else settle.reject(new Error('offline'));
      } else if (event.startsWith('after.')) {
        clock.increment(move.after! - 1);
        await flush();
        expect(keyNow(), `${event} one millisecond early`).toBe(k);
        clock.increment(1);
      } else actor.send(EVENTS[event] as never);
      await flush();
      delivering = false;
      transitionsSeen.add(`${k} | ${event}`);
      const next = keyNow();
      expect(next, `${k} --${event}-->`).toBe(keyOf(move.to));
      checkState(next);
      expect(log, `what ${k} --${event}--> did`).toEqual(move.log ?? []);
      expect(clock.now() - at, `the clock for ${event}`).toBe(move.after ?? 0);
      k = next;
    }
  } finally {
    actor.stop();
  }
}

describe('settings page: tables', () => {
  for (const [i, path] of paths.entries()) it(`path ${i + 1}: ${path.join(' → ')}`, () => walk(path));
  it('reaches every state of the table', () => {
    expect([...rows.keys()].filter((k) => !statesSeen.has(k))).toEqual([]);
  });
  it('takes every transition of the table', () => {
    expect(edges.map((e) => `${e.from} | ${e.event}`).filter((t) => !transitionsSeen.has(t))).toEqual([]);
  });
  it('takes both sides of eraseStarts (a wrong word and the right one)', () => {
    expect([...guardSides].sort()).toEqual([false, true]);
  });
  it('pins the numbers of paths and transitions', () => {
    expect({ paths: paths.length, transitions: edges.length }).toEqual({ paths: 21, transitions: 38 });
  });
});
