// Settings as tables built from a model written here (decision 0251: the transitions table is the walk): a style,
// an address or a reminder time shows at once and is saved, with its toast, or put back on failure; the
// write-access question after a reminder time (or from the hint shown while the bot cannot write) and the answer
// reported to the server; «Обо мне» kept on the device on every keystroke, saved after a 1 s pause, flushed on
// leaving, held while everything is erased; with and without a draft left by an earlier visit. The two regions
// are walked apart (each with the other's events left out: together they multiply into thousands of states
// without a transition the separate walks do not take), and so are the style, the address and the reminders.
// Then the sequences a graph cannot show.
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type {
  AddressForm,
  CommunicationStyle,
  ReminderTime,
  SettingsPatch,
  SettingsReply,
} from '../../contract/settings';
import {
  settingsMachine,
  settingsView,
  type SettingsContext,
  type SettingsInput,
  type WriteAccess,
} from '../../machines/users/settings.machine';
import { describeMachineTables, type Effect, type StateRow, type TransitionRow } from '../support/machine-tables';
import { settings } from './users-fixtures';

/** Each effect with the context it ran in (the sequences below). */
const effects: Array<[string, unknown?, SettingsContext?]> = [];
const record = (name: string) => (args: { context?: SettingsContext }, params?: unknown) =>
  void effects.push([name, params, args.context]);
const lastToast = () => effects.filter(([name]) => name === 'toast').at(-1)?.[1] as { key: string } | undefined;
beforeEach(() => {
  effects.length = 0;
});
const provide = {
  actions: {
    toast: record('toast'),
    navigate: record('navigate'),
    storeAboutDraft: record('storeAboutDraft'),
    clearAboutDraft: record('clearAboutDraft'),
    flushAbout: record('flushAbout'),
  },
};

// ── The model: what the spec says the settings do ──
/** «Обо мне» is saved after this pause in typing. */
const PAUSE_MS = 1000;
/** «Обо мне» holds at most 500 characters. */
const ABOUT_MAX = 500;
/** As the server stores «Обо мне»: trimmed, blank → null. */
const stored = (text: string) => text.trim() || null;

type Choices =
  'idle' | 'savingStyle' | 'savingAddress' | 'savingReminder' | 'askingWriteAccess' | 'reportingWriteAccess';
type About = 'saved' | 'typing' | 'saving' | 'failed' | 'held';
interface Saved {
  style: CommunicationStyle;
  address: AddressForm;
  reminder: ReminderTime;
  about: string | null;
}
interface Facts {
  top: 'loading' | 'error' | 'ready';
  choices: Choices;
  about: About;
  style: CommunicationStyle;
  address: AddressForm;
  reminder: ReminderTime;
  saved: Saved | null;
  /** The field as typed. */
  text: string;
  /** The «Обо мне» save in flight. */
  sending: string | null;
  botCanWrite: boolean;
  writeAccess: WriteAccess | null;
}
const initial: Facts = {
  top: 'loading',
  choices: 'idle',
  about: 'saved',
  style: 'gentle',
  address: 'vy',
  reminder: 'evening',
  saved: null,
  text: '',
  sending: null,
  botCanWrite: false,
  writeAccess: null,
};

const keyOf = (f: Facts) =>
  [
    f.top === 'ready' ? `ready ${f.choices}/${f.about}` : f.top,
    `${f.style} ${f.address} ${f.reminder}`,
    f.saved && `saved ${f.saved.style} ${f.saved.address} ${f.saved.reminder} ${JSON.stringify(f.saved.about)}`,
    `about ${JSON.stringify(f.text)}`,
    f.sending !== null && `sending ${JSON.stringify(f.sending)}`,
    f.botCanWrite && 'bot writes',
    f.writeAccess && `telegram ${f.writeAccess}`,
  ]
    .filter(Boolean)
    .join(' | ');

/** The snapshot's facts, named as the model names them (only to find the row; the row says what is right). */
function factsOf(s: AnyMachineSnapshot): Facts {
  const c = s.context as SettingsContext;
  const value = s.value as string | { ready: { choices: Choices; about: About } };
  return {
    top: typeof value === 'string' ? (value as Facts['top']) : 'ready',
    choices: typeof value === 'string' ? 'idle' : value.ready.choices,
    about: typeof value === 'string' ? 'saved' : value.ready.about,
    style: c.style,
    address: c.address,
    reminder: c.reminder,
    saved: c.saved && {
      style: c.saved.communication_style,
      address: c.saved.address_form,
      reminder: c.saved.reminder_time,
      about: c.saved.personal_context,
    },
    text: c.about,
    sending: c.sending,
    botCanWrite: c.botCanWrite,
    writeAccess: c.writeAccess,
  };
}

const unsaved = (f: Facts) => f.saved !== null && stored(f.text) !== f.saved.about;
/** While a reminder time is being decided, Telegram's answer decides: no hint meanwhile. */
const deciding = (f: Facts) => ['savingReminder', 'askingWriteAccess', 'reportingWriteAccess'].includes(f.choices);
const unreachable = (f: Facts) => f.reminder !== 'disabled' && !f.botCanWrite;

function viewOf(f: Facts) {
  return {
    status: f.top,
    style: f.style,
    address: f.address,
    reminder: f.reminder,
    about: f.text,
    aboutLength: f.text.length,
    choosing: f.top === 'ready' && f.choices !== 'idle',
    aboutSaving: f.top === 'ready' && f.about === 'saving',
    aboutFailed: f.top === 'ready' && f.about === 'failed',
    remindersUnreachable: f.top === 'ready' && unreachable(f) && !deciding(f),
    // Telegram could not ask the last time: no button that could do nothing.
    canAskWriteAccess: f.writeAccess !== 'unavailable',
  };
}

/** The server's answer to a save: what it was sent over what it had (the bot's permission unchanged). */
const answer = (f: Facts, over: Partial<SettingsReply> = {}): SettingsReply => ({
  communication_style: f.style,
  address_form: f.address,
  reminder_time: f.reminder,
  personal_context: f.saved?.about ?? null,
  bot_can_write: f.botCanWrite,
  ...over,
});

type Ev = { type: string } & Record<string, unknown>;
interface Step {
  to: Facts;
  effects?: Effect[];
  invokes?: Array<{ id: string; src: string; input: unknown }>;
  after?: number;
}
const choicesOf = (reply: SettingsReply) => ({
  style: reply.communication_style,
  address: reply.address_form,
  reminder: reply.reminder_time,
});

/** The step an event takes from these facts; null: ignored (the event is not offered here, or a guard refuses). */
function step(f: Facts, e: Ev, draft: string | null): Step | null {
  const ready = f.top === 'ready';
  switch (e.type) {
    case 'BACK':
      return { to: f, effects: [['navigate', { to: '/app/profile' }]] };
    case 'LEAVE':
      // The screen goes away: what the server does not have goes now — never while erasing.
      return unsaved(f) && f.about !== 'held' ? { to: f, effects: [['flushAbout', { text: f.text }]] } : null;
    case 'RETRY':
      return f.top === 'error' ? { to: { ...f, top: 'loading' }, invokes: [invoke('loadSettings')] } : null;
    case 'xstate.done.actor.loadSettings': {
      const out = e.output as SettingsReply;
      const loaded: Facts = {
        ...f,
        top: 'ready',
        choices: 'idle',
        saved: { ...choicesOf(out), about: out.personal_context },
        style: out.communication_style,
        address: out.address_form,
        reminder: out.reminder_time,
        botCanWrite: out.bot_can_write,
        // The device's draft wins: it is newer than anything the server has.
        text: (draft ?? out.personal_context ?? '').slice(0, ABOUT_MAX),
      };
      return { to: { ...loaded, about: unsaved(loaded) ? 'typing' : 'saved' } };
    }
    case 'xstate.error.actor.loadSettings':
      return { to: { ...f, top: 'error' } };
  }
  if (!ready) return null;
  const saved = f.saved!;
  const choice = (choices: Choices, over: Partial<Facts>, id: string, input: Record<string, unknown>): Step => ({
    to: { ...f, ...over, choices },
    invokes: [{ id, src: 'saveSettings', input }],
  });
  const taken = (reply: SettingsReply) => ({
    saved: { ...saved, ...choicesOf(reply) },
    botCanWrite: reply.bot_can_write,
  });
  const toast = (key: string): Effect => ['toast', { key }];
  switch (`${f.choices} ${e.type}`) {
    case 'idle STYLE.SELECT':
      return e.style === f.style
        ? null
        : choice('savingStyle', { style: e.style as CommunicationStyle }, 'saveStyle', {
            communication_style: e.style,
          });
    case 'idle ADDRESS.SELECT':
      return e.address === f.address
        ? null
        : choice('savingAddress', { address: e.address as AddressForm }, 'saveAddress', { address_form: e.address });
    case 'idle REMINDER.SELECT':
      return e.time === f.reminder
        ? null
        : choice('savingReminder', { reminder: e.time as ReminderTime }, 'saveReminder', { reminder_time: e.time });
    case 'idle WRITE_ACCESS.ASK':
      return unreachable(f)
        ? { to: { ...f, choices: 'askingWriteAccess' }, invokes: [invoke('requestWriteAccess')] }
        : null;
    case 'savingStyle xstate.done.actor.saveStyle':
      return { to: { ...f, ...taken(e.output as SettingsReply), choices: 'idle' }, effects: [toast('styleUpdated')] };
    case 'savingStyle xstate.error.actor.saveStyle':
      return { to: { ...f, style: saved.style, choices: 'idle' }, effects: [toast('settingsSaveFailed')] };
    case 'savingAddress xstate.done.actor.saveAddress':
      return { to: { ...f, ...taken(e.output as SettingsReply), choices: 'idle' }, effects: [toast('addressUpdated')] };
    case 'savingAddress xstate.error.actor.saveAddress':
      return { to: { ...f, address: saved.address, choices: 'idle' }, effects: [toast('settingsSaveFailed')] };
    case 'savingReminder xstate.done.actor.saveReminder': {
      const reply = e.output as SettingsReply;
      const next = { ...f, ...taken(reply) };
      if (reply.reminder_time === 'disabled')
        return { to: { ...next, choices: 'idle' }, effects: [toast('remindersOff')] };
      // A time the bot cannot deliver: Telegram asks the user for the permission.
      return f.botCanWrite
        ? { to: { ...next, choices: 'idle' }, effects: [toast('reminderTimeUpdated')] }
        : {
            to: { ...next, choices: 'askingWriteAccess' },
            effects: [toast('reminderTimeUpdated')],
            invokes: [invoke('requestWriteAccess')],
          };
    }
    case 'savingReminder xstate.error.actor.saveReminder':
      return { to: { ...f, reminder: saved.reminder, choices: 'idle' }, effects: [toast('settingsSaveFailed')] };
    case 'askingWriteAccess xstate.done.actor.requestWriteAccess': {
      const writeAccess = e.output as WriteAccess;
      return {
        to: { ...f, writeAccess, choices: 'reportingWriteAccess' },
        invokes: [{ id: 'reportBotAccess', src: 'reportBotAccess', input: { answer: writeAccess } }],
      };
    }
    case 'askingWriteAccess xstate.error.actor.requestWriteAccess':
      return { to: { ...f, writeAccess: 'unavailable', choices: 'idle' } };
    // The bot can write only after «allowed», once the server knows.
    case 'reportingWriteAccess xstate.done.actor.reportBotAccess':
      return { to: { ...f, botCanWrite: f.writeAccess === 'allowed', choices: 'idle' } };
    // Not told this time: the hint stays, and its button asks again.
    case 'reportingWriteAccess xstate.error.actor.reportBotAccess':
      return { to: { ...f, choices: 'idle' } };
  }
  switch (`${f.about} ${e.type}`) {
    case 'saving ABOUT.CHANGE':
    case 'held ABOUT.CHANGE':
    case 'saved ABOUT.CHANGE':
    case 'typing ABOUT.CHANGE':
    case 'failed ABOUT.CHANGE': {
      // Every keystroke is kept on the device; typing restarts the pause (not while a save or an erase runs).
      const text = (e.text as string).slice(0, ABOUT_MAX);
      const about = f.about === 'saving' || f.about === 'held' ? f.about : 'typing';
      return { to: { ...f, text, about }, effects: [['storeAboutDraft', { text: e.text }]] };
    }
    case 'saved ABOUT.HOLD':
    case 'typing ABOUT.HOLD':
    case 'saving ABOUT.HOLD':
    case 'failed ABOUT.HOLD':
    case 'held ABOUT.HOLD':
      // Erasing: the pause and a save in flight are dropped.
      return { to: { ...f, about: 'held', sending: null } };
    case 'held ABOUT.RESUME':
      return { to: { ...f, about: unsaved(f) ? 'typing' : 'saved' } };
    case 'typing xstate.after.aboutPause.settings.ready.about.typing':
      return unsaved(f)
        ? {
            to: { ...f, about: 'saving', sending: f.text },
            invokes: [{ id: 'saveAbout', src: 'saveSettings', input: { personal_context: stored(f.text) } }],
            after: PAUSE_MS,
          }
        : // Typed back to what the server has: nothing to save, and the draft goes.
          { to: { ...f, about: 'saved' }, effects: [['clearAboutDraft', { text: f.text }]], after: PAUSE_MS };
    case 'saving xstate.done.actor.saveAbout': {
      const reply = e.output as SettingsReply;
      // «на ты» new in the text sets the address on the server: the choice shows it.
      const next: Facts = {
        ...f,
        sending: null,
        saved: { ...saved, about: reply.personal_context, address: reply.address_form },
        address: reply.address_form !== saved.address ? reply.address_form : f.address,
      };
      return stored(f.text) !== stored(f.sending!)
        ? { to: { ...next, about: 'typing' } }
        : {
            to: { ...next, about: 'saved' },
            effects: [['clearAboutDraft', { text: f.text }], toast('aboutUpdated')],
          };
    }
    case 'saving xstate.error.actor.saveAbout':
      return { to: { ...f, about: 'failed', sending: null }, effects: [toast('settingsSaveFailed')] };
  }
  return null;
}
const invoke = (id: string) => ({ id, src: id, input: undefined });
/** The actor each choice state runs, by its invoke id. */
const CHILD: Record<Choices, string | null> = {
  idle: null,
  savingStyle: 'saveStyle',
  savingAddress: 'saveAddress',
  savingReminder: 'saveReminder',
  askingWriteAccess: 'requestWriteAccess',
  reportingWriteAccess: 'reportBotAccess',
};

// ── The walks ──
const CHOICE_EVENTS = ['STYLE.SELECT', 'ADDRESS.SELECT', 'REMINDER.SELECT', 'WRITE_ACCESS.ASK'];
const ALL_TYPES = [...CHOICE_EVENTS, 'ABOUT.CHANGE', 'ABOUT.HOLD', 'ABOUT.RESUME', 'RETRY', 'BACK', 'LEAVE'];
const USER_CASES: Record<string, Record<string, Ev>> = {
  'STYLE.SELECT': {
    direct: { type: 'STYLE.SELECT', style: 'direct' },
    gentle: { type: 'STYLE.SELECT', style: 'gentle' },
  },
  'ADDRESS.SELECT': { ty: { type: 'ADDRESS.SELECT', address: 'ty' }, vy: { type: 'ADDRESS.SELECT', address: 'vy' } },
  'REMINDER.SELECT': {
    disabled: { type: 'REMINDER.SELECT', time: 'disabled' },
    morning: { type: 'REMINDER.SELECT', time: 'morning' },
  },
  // A word, and blank (what the server stores as nothing); the 500 limit is a sequence below.
  'ABOUT.CHANGE': { teacher: { type: 'ABOUT.CHANGE', text: 'Учитель' }, blank: { type: 'ABOUT.CHANGE', text: '  ' } },
};
/** The server's answers to the saves, as the model's server gives them from the facts. */
const answerCases = (f: Facts): Record<string, Record<string, Ev>> => {
  const done = (id: string, output: SettingsReply) => ({ ok: { type: `xstate.done.actor.${id}`, output } });
  return {
    'xstate.done.actor.saveStyle': done('saveStyle', answer(f)),
    'xstate.done.actor.saveAddress': done('saveAddress', answer(f)),
    'xstate.done.actor.saveReminder': done('saveReminder', answer(f)),
    'xstate.done.actor.saveAbout': done('saveAbout', answer(f, { personal_context: stored(f.sending ?? '') })),
  };
};
const ACCESS_CASES: Record<string, Ev> = {
  allowed: { type: 'xstate.done.actor.requestWriteAccess', output: 'allowed' },
  denied: { type: 'xstate.done.actor.requestWriteAccess', output: 'denied' },
};

interface Walk {
  title: string;
  input: SettingsInput;
  loads: Record<string, SettingsReply>;
  /** The user events walked (the others are left out of the graph). */
  types: string[];
  unreachable: string[];
  guardSides: Record<string, string>;
  counts: { paths: number; transitions: number };
}

const loadCases = (walk: Walk): Record<string, Ev> =>
  Object.fromEntries(
    Object.entries(walk.loads).map(([label, output]) => [label, { type: 'xstate.done.actor.loadSettings', output }]),
  );

function walkTables(walk: Walk) {
  /** Every event case of the walk, by its event key (the helper's: type without `xstate.`, then the label). */
  const cases = (f: Facts): Array<[string, Ev]> => {
    const list: Array<[string, Ev]> = [];
    const add = (type: string, byLabel?: Record<string, Ev>) => {
      const short = type.replace(/^xstate\./, '');
      for (const [label, e] of Object.entries(byLabel ?? { '': { type } }))
        list.push([label ? `${short} ${label}` : short, e]);
    };
    add('xstate.done.actor.loadSettings', loadCases(walk));
    add('xstate.error.actor.loadSettings');
    for (const type of walk.types) add(type, USER_CASES[type]);
    const answers = answerCases(f);
    for (const id of ['saveStyle', 'saveAddress', 'saveReminder', 'saveAbout']) {
      add(`xstate.done.actor.${id}`, answers[`xstate.done.actor.${id}`]);
      add(`xstate.error.actor.${id}`);
    }
    add('xstate.done.actor.requestWriteAccess', ACCESS_CASES);
    for (const type of ['error.actor.requestWriteAccess', 'done.actor.reportBotAccess', 'error.actor.reportBotAccess'])
      add(`xstate.${type}`);
    add('xstate.after.aboutPause.settings.ready.about.typing');
    return list;
  };
  /** The events a state offers (its own and its ancestors'): the graph sends these, taken or ignored. */
  const offered = (f: Facts, type: string): boolean => {
    if (type === 'BACK' || type === 'LEAVE') return true;
    if (f.top === 'loading') return type.includes('.loadSettings');
    if (f.top === 'error') return type === 'RETRY';
    if (CHOICE_EVENTS.includes(type)) return f.choices === 'idle';
    if (type.startsWith('ABOUT.')) return type !== 'ABOUT.RESUME' || f.about === 'held';
    if (type.startsWith('xstate.after.')) return f.about === 'typing';
    const id = type.replace(/^xstate\.(done|error)\.actor\./, '');
    return id === CHILD[f.choices] || (id === 'saveAbout' && f.about === 'saving');
  };

  const states: Record<string, StateRow> = {};
  const transitions: Record<string, Record<string, string | TransitionRow>> = {};
  const queue = [initial];
  const rowOf = (f: Facts): StateRow => {
    const can: Record<string, boolean> = {};
    for (const type of ALL_TYPES) {
      const byLabel = USER_CASES[type];
      if (!byLabel) can[type] = step(f, { type }, walk.input.aboutDraft) !== null;
      else
        for (const [label, e] of Object.entries(byLabel))
          can[`${type} ${label}`] = step(f, e, walk.input.aboutDraft) !== null;
    }
    const running: string[] = [];
    if (f.top === 'loading') running.push('loadSettings');
    if (f.top === 'ready') {
      if (CHILD[f.choices]) running.push(CHILD[f.choices]!);
      if (f.about === 'saving') running.push('saveAbout');
    }
    return { view: viewOf(f), can, running };
  };
  while (queue.length) {
    const f = queue.shift()!;
    const from = keyOf(f);
    if (states[from]) continue;
    states[from] = rowOf(f);
    transitions[from] = {};
    for (const [evKey, e] of cases(f)) {
      if (!offered(f, e.type)) continue;
      const taken = step(f, e, walk.input.aboutDraft);
      const next = taken?.to ?? f;
      transitions[from][evKey] = {
        to: keyOf(next),
        effects: taken?.effects ?? [],
        ...(taken?.invokes ? { invokes: taken.invokes } : {}),
        ...(taken?.after ? { after: taken.after } : {}),
      };
      queue.push(next);
    }
  }
  return { states, transitions };
}

const aboutNodes = ['typing', 'saving', 'failed', 'held'].map((n) => `#settings.ready.about.${n}`);
const choiceNodes = ['savingStyle', 'savingAddress', 'savingReminder', 'askingWriteAccess', 'reportingWriteAccess'].map(
  (n) => `#settings.ready.choices.${n}`,
);
/** `checking` is left at once (an always transition): no snapshot ever shows it. */
const CHECKING = '#settings.ready.about.checking';
const except = (nodes: string[], ...kept: string[]) => nodes.filter((n) => !kept.some((k) => n.endsWith(`.${k}`)));
const notHere = 'not walked here (another walk takes both sides)';
const guardsBut = (...walked: string[]) =>
  Object.fromEntries(
    [
      'isNewStyle',
      'isNewAddress',
      'isNewReminder',
      'remindersOff',
      'mayNotWrite',
      'remindersUnreachable',
      'aboutUnsaved',
      'typedMeanwhile',
    ]
      .filter((g) => !walked.includes(g))
      .map((g) => [g, g === 'aboutUnsaved' ? 'nothing is typed in this walk' : notHere]),
  );
const around = ['RETRY', 'BACK', 'LEAVE'];
const plain = { plain: settings() };
type Counts = Walk['counts'];
const choicesWalk = (
  title: string,
  counts: Counts,
  types: string[],
  kept: string[],
  walked: string[],
  loads = plain,
): Walk => ({
  title,
  input: { aboutDraft: null },
  loads,
  types: [...types, ...around],
  unreachable: [CHECKING, ...aboutNodes, ...except(choiceNodes, ...kept)],
  guardSides: guardsBut(...walked),
  counts,
});
const aboutWalk = (title: string, counts: Counts, aboutDraft: string | null): Walk => ({
  title,
  input: { aboutDraft },
  loads: { empty: settings(), teacher: settings({ personal_context: 'Учитель' }) },
  types: ['ABOUT.CHANGE', 'ABOUT.HOLD', 'ABOUT.RESUME', ...around],
  unreachable: [CHECKING, ...choiceNodes],
  guardSides: guardsBut('aboutUnsaved', 'typedMeanwhile'),
  counts,
});

const walks: Walk[] = [
  choicesWalk('settings: the style', { paths: 18, transitions: 23 }, ['STYLE.SELECT'], ['savingStyle'], ['isNewStyle']),
  choicesWalk(
    'settings: «вы» or «ты»',
    { paths: 18, transitions: 23 },
    ['ADDRESS.SELECT'],
    ['savingAddress'],
    ['isNewAddress'],
  ),
  choicesWalk(
    'settings: reminders, the bot cannot write yet',
    { paths: 163, transitions: 209 },
    ['REMINDER.SELECT', 'WRITE_ACCESS.ASK'],
    ['savingReminder', 'askingWriteAccess', 'reportingWriteAccess'],
    ['isNewReminder', 'remindersOff', 'mayNotWrite', 'remindersUnreachable'],
  ),
  choicesWalk(
    'settings: reminders, the bot can already write',
    { paths: 30, transitions: 38 },
    ['REMINDER.SELECT', 'WRITE_ACCESS.ASK'],
    ['savingReminder'],
    ['isNewReminder', 'remindersOff'],
    { plain: settings({ bot_can_write: true }) },
  ),
  aboutWalk('settings: «Обо мне», nothing on the device', { paths: 104, transitions: 125 }, null),
  aboutWalk('settings: «Обо мне», a draft left by an earlier visit', { paths: 95, transitions: 114 }, 'Учитель'),
];

for (const walk of walks) {
  const { states, transitions } = walkTables(walk);
  const keep = new Set(walk.types);
  describeMachineTables(settingsMachine, {
    name: walk.title,
    view: settingsView,
    input: walk.input,
    provide,
    events: {
      'xstate.done.actor.loadSettings': loadCases(walk),
      ...USER_CASES,
      ...Object.fromEntries(
        ['saveStyle', 'saveAddress', 'saveReminder', 'saveAbout'].map((id) => [
          `xstate.done.actor.${id}`,
          (s: AnyMachineSnapshot) => answerCases(factsOf(s))[`xstate.done.actor.${id}`]!,
        ]),
      ),
      'xstate.done.actor.requestWriteAccess': ACCESS_CASES,
    },
    key: (s) => keyOf(factsOf(s)),
    filterEvents: (_, e) => !ALL_TYPES.includes(e.type) || keep.has(e.type),
    states,
    transitions,
    unreachable: walk.unreachable,
    guardSides: walk.guardSides,
    counts: walk.counts,
    maxPaths: 2000,
  });
}

describe('settings sequences', () => {
  it('«на ты» newly written in «Обо мне»: the server sets the address, and the choice shows «ты»', async () => {
    const { actor, clock } = start({ aboutDraft: null }, async ({ input }) => ({
      ...settings(),
      ...input,
      // What the server does with a «на ты» new in the text (server/users/settings.ts, tested there).
      address_form: input.personal_context?.includes('на ты') ? 'ty' : 'vy',
    }));
    await settle();
    expect(settingsView(actor.getSnapshot()).address).toBe('vy');
    actor.send({ type: 'ABOUT.CHANGE', text: 'Учитель. Давай на ты' });
    clock.increment(1000);
    await settle();
    expect(settingsView(actor.getSnapshot()).address).toBe('ty');
    expect(actor.getSnapshot().context.saved?.address_form).toBe('ty');
  });

  /** A fake server that remembers whether it was told the bot may write. */
  function start(
    input: SettingsInput,
    saveSettings?: (args: { input: SettingsPatch }) => Promise<SettingsReply>,
    { botCanWrite = false, access = 'allowed' as WriteAccess | (() => WriteAccess), reportFails = false } = {},
  ) {
    const server = { botCanWrite, asked: 0 };
    const clock = new SimulatedClock();
    const actor = createActor(
      settingsMachine.provide({
        actors: {
          loadSettings: fromPromise(async () =>
            settings({ personal_context: 'Старое', bot_can_write: server.botCanWrite }),
          ),
          saveSettings: fromPromise(
            saveSettings ??
              (async ({ input }) => ({ ...settings(), ...input, bot_can_write: server.botCanWrite }) as SettingsReply),
          ),
          requestWriteAccess: fromPromise<WriteAccess, void>(async () => {
            server.asked++;
            return typeof access === 'function' ? access() : access;
          }),
          reportBotAccess: fromPromise<void, { answer: WriteAccess }>(async ({ input }) => {
            if (reportFails) throw new Error('offline');
            if (input.answer !== 'unavailable') server.botCanWrite = input.answer === 'allowed';
          }),
        },
        actions: provide.actions,
      }),
      { input, clock },
    ).start();
    return { actor, clock, server };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('typing restarts the pause: one save, 1 s after the last keystroke, with the whole text', async () => {
    const saves: SettingsPatch[] = [];
    const { actor, clock } = start({ aboutDraft: null }, async ({ input }) => {
      saves.push(input);
      return { ...settings(), ...input } as SettingsReply;
    });
    await settle();
    for (const text of ['Я', 'Я у', 'Я учу детей']) {
      actor.send({ type: 'ABOUT.CHANGE', text });
      clock.increment(900);
    }
    expect(saves).toEqual([]);
    clock.increment(100);
    await settle();
    expect(saves).toEqual([{ personal_context: 'Я учу детей' }]);
    expect(effects.filter(([n]) => n === 'storeAboutDraft').map(([, p]) => p)).toEqual([
      { text: 'Я' },
      { text: 'Я у' },
      { text: 'Я учу детей' },
    ]);
    expect(effects.slice(-2).map((e) => e.slice(0, 2))).toEqual([
      ['clearAboutDraft', { text: 'Я учу детей' }],
      ['toast', { key: 'aboutUpdated' }],
    ]);
  });

  it('leaving before the pause flushes the text once; leaving with nothing unsaved flushes nothing', async () => {
    const { actor } = start({ aboutDraft: null });
    await settle();
    actor.send({ type: 'LEAVE' });
    expect(effects.filter(([n]) => n === 'flushAbout')).toEqual([]);
    actor.send({ type: 'ABOUT.CHANGE', text: 'Недописанное' });
    actor.send({ type: 'LEAVE' });
    expect(effects.filter(([n]) => n === 'flushAbout').map((e) => e.slice(0, 2))).toEqual([
      ['flushAbout', { text: 'Недописанное' }],
    ]);
  });

  it('a draft from an earlier visit replaces the server’s text and is saved after the pause', async () => {
    const saves: SettingsPatch[] = [];
    const { actor, clock } = start({ aboutDraft: 'Новое с телефона' }, async ({ input }) => {
      saves.push(input);
      return { ...settings(), ...input } as SettingsReply;
    });
    await settle();
    expect(actor.getSnapshot().context.about).toBe('Новое с телефона');
    clock.increment(1000);
    await settle();
    expect(saves).toEqual([{ personal_context: 'Новое с телефона' }]);
  });

  it('erasing holds «Обо мне»: the pending save never fires, leaving flushes nothing; a failed erase lets it go on', async () => {
    const saves: SettingsPatch[] = [];
    const { actor, clock } = start({ aboutDraft: null }, async ({ input }) => {
      saves.push(input);
      return { ...settings(), ...input } as SettingsReply;
    });
    await settle();
    actor.send({ type: 'ABOUT.CHANGE', text: 'Секрет' });
    actor.send({ type: 'ABOUT.HOLD' });
    clock.increment(5000);
    actor.send({ type: 'ABOUT.CHANGE', text: 'Секрет!' }); // kept on the device, not sent
    actor.send({ type: 'LEAVE' });
    await settle();
    expect(saves).toEqual([]);
    expect(effects.map(([name]) => name)).not.toContain('flushAbout');
    actor.send({ type: 'ABOUT.RESUME' });
    clock.increment(1000);
    await settle();
    expect(saves).toEqual([{ personal_context: 'Секрет!' }]);
  });

  it('a save in flight when the erase starts is dropped: its request aborted, its answer ignored', async () => {
    let signal: AbortSignal | undefined;
    const never = new Promise<SettingsReply>(() => {});
    const clock = new SimulatedClock();
    const actor = createActor(
      settingsMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => settings()),
          saveSettings: fromPromise<SettingsReply, SettingsPatch>(async ({ signal: s }) => {
            signal = s;
            return never;
          }),
        },
        actions: provide.actions,
      }),
      { input: { aboutDraft: null }, clock },
    ).start();
    await settle();
    actor.send({ type: 'ABOUT.CHANGE', text: 'Секрет' });
    clock.increment(1000);
    await settle();
    expect(settingsView(actor.getSnapshot()).aboutSaving).toBe(true);
    expect(signal?.aborted).toBe(false);
    actor.send({ type: 'ABOUT.HOLD' });
    expect(signal?.aborted).toBe(true);
    expect(actor.getSnapshot().matches({ ready: { about: 'held' } })).toBe(true);
  });

  it('a draft over 500 characters left by an earlier visit is cut to 500 when the settings load', async () => {
    const saves: SettingsPatch[] = [];
    const { actor, clock } = start({ aboutDraft: 'я'.repeat(600) }, async ({ input }) => {
      saves.push(input);
      return { ...settings(), ...input } as SettingsReply;
    });
    await settle();
    expect(settingsView(actor.getSnapshot())).toMatchObject({ about: 'я'.repeat(500), aboutLength: 500 });
    clock.increment(1000);
    await settle();
    expect(saves).toEqual([{ personal_context: 'я'.repeat(500) }]);
  });

  it('«ты» chosen while «Обо мне» is being saved stays chosen when that save answers with «вы»', async () => {
    const pending: Array<{ input: SettingsPatch; answer: (reply: SettingsReply) => void }> = [];
    const { actor, clock } = start(
      { aboutDraft: null },
      ({ input }) => new Promise<SettingsReply>((answer) => pending.push({ input, answer })),
    );
    await settle();
    actor.send({ type: 'ABOUT.CHANGE', text: 'Учитель' });
    clock.increment(1000);
    await settle();
    actor.send({ type: 'ADDRESS.SELECT', address: 'ty' });
    expect(pending.map((p) => p.input)).toEqual([{ personal_context: 'Учитель' }, { address_form: 'ty' }]);
    // The server saved the text before the address: its answer still says «вы», which the user did not just choose.
    pending[0]!.answer(settings({ personal_context: 'Учитель', address_form: 'vy' }));
    await settle();
    expect(settingsView(actor.getSnapshot())).toMatchObject({ address: 'ty', choosing: true });
    pending[1]!.answer(settings({ personal_context: 'Учитель', address_form: 'ty' }));
    await settle();
    expect(settingsView(actor.getSnapshot())).toMatchObject({ address: 'ty', choosing: false });
    expect(lastToast()).toEqual({ key: 'addressUpdated' });
  });

  it('«Обо мне» is cut at 500 characters', async () => {
    const { actor } = start({ aboutDraft: null });
    await settle();
    actor.send({ type: 'ABOUT.CHANGE', text: 'я'.repeat(600) });
    expect(settingsView(actor.getSnapshot()).aboutLength).toBe(500);
  });

  it('once Telegram allowed the bot to write, a later reminder time does not ask again', async () => {
    const { actor } = start({ aboutDraft: null });
    await settle();
    actor.send({ type: 'REMINDER.SELECT', time: 'morning' });
    await settle();
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ writeAccess: 'allowed', botCanWrite: true });
    actor.send({ type: 'REMINDER.SELECT', time: 'afternoon' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: { choices: 'idle' } })).toBe(true);
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(false);
  });

  it('denied: the time is saved, and the hint says the bot cannot write, with a button that asks again', async () => {
    let answer: WriteAccess = 'denied';
    const { actor, server } = start({ aboutDraft: null }, undefined, { access: () => answer });
    await settle();
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(true); // evening, and no permission
    actor.send({ type: 'REMINDER.SELECT', time: 'morning' });
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(false); // Telegram's answer decides
    await settle();
    await settle();
    expect(lastToast()).toEqual({ key: 'reminderTimeUpdated' });
    expect(settingsView(actor.getSnapshot())).toMatchObject({ remindersUnreachable: true, canAskWriteAccess: true });
    answer = 'allowed';
    actor.send({ type: 'WRITE_ACCESS.ASK' });
    await settle();
    await settle();
    expect(server).toEqual({ botCanWrite: true, asked: 2 });
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(false);
    expect(actor.getSnapshot().can({ type: 'WRITE_ACCESS.ASK' })).toBe(false);
  });

  it('Telegram cannot ask (unavailable): the hint stays, without a button that could do nothing', async () => {
    const { actor } = start({ aboutDraft: null }, undefined, { access: 'unavailable' });
    await settle();
    actor.send({ type: 'REMINDER.SELECT', time: 'morning' });
    await settle();
    await settle();
    expect(settingsView(actor.getSnapshot())).toMatchObject({ remindersUnreachable: true, canAskWriteAccess: false });
  });

  it('a blocked bot (the server knows) shows the hint at once; reminders off hide it', async () => {
    const { actor } = start({ aboutDraft: null });
    await settle();
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(true);
    actor.send({ type: 'REMINDER.SELECT', time: 'disabled' });
    await settle();
    expect(settingsView(actor.getSnapshot()).remindersUnreachable).toBe(false);
  });

  it('allowed, but the server could not be told: the hint stays, so it can be asked again', async () => {
    const { actor } = start({ aboutDraft: null }, undefined, { reportFails: true });
    await settle();
    actor.send({ type: 'REMINDER.SELECT', time: 'morning' });
    await settle();
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ writeAccess: 'allowed', botCanWrite: false });
    expect(settingsView(actor.getSnapshot())).toMatchObject({ remindersUnreachable: true, canAskWriteAccess: true });
  });
});
