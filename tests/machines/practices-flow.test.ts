// The practice list, the detail page with its start call, and the session (runner → rating → complete) as two
// tables each: where each navigates, with which state, what the calls receive, and what a failure keeps.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { Practice, PracticeStartResponse } from '../../contract/practices';
import {
  practiceDetailMachine,
  practiceDetailView,
  type PracticeDetailContext,
} from '../../machines/practices/practice-detail.machine';
import {
  practiceListMachine,
  practiceListView,
  type PracticeListContext,
} from '../../machines/practices/practice-list.machine';
import {
  practiceSessionMachine,
  practiceSessionView,
  type PracticeSessionContext,
} from '../../machines/practices/practice-session.machine';
import {
  describeMachineTables,
  stateValue,
  type Effect,
  type StateRow,
  type TransitionRow,
} from '../support/machine-tables';

const practice = (over: Partial<Practice> = {}): Practice => ({
  id: 'box_breathing',
  name: 'Квадратное дыхание',
  description: 'Вдох, задержка, выдох и пауза по 4 секунды.',
  category: 'breathing',
  duration_minutes: 3,
  is_advanced: false,
  is_locked: false,
  ...over,
});
const box = practice();
const wheel = practice({
  id: 'balance_wheel',
  name: 'Колесо баланса',
  category: 'self_awareness',
  is_advanced: true,
  is_locked: true,
});

// The list as two tables, from the spec: loading, the error with «Попробовать снова», «Практики скоро появятся»,
// the grid; a locked practice opens «Продвинутая практика» («Улучшить тариф» → the plans, «Позже» closes) and keeps
// its words while the sheet slides away, an open one goes to /app/practices/{practiceId}, an id not in the list
// does nothing. The list thanks by the name of the practice just finished until dismissed. The key: the state,
// whether the thanks shows, and the practice the dialog keeps.
const THANKS = 'Квадратное дыхание';
const listKey = (s: AnyMachineSnapshot) => {
  const c = s.context as PracticeListContext;
  return [stateValue(s), c.completedPractice === null ? 'no thanks' : 'thanks', c.locked?.id ?? ''].join(' ').trim();
};
const listStates: Record<string, StateRow> = {};
const listTransitions: Record<string, Record<string, string | TransitionRow>> = {};
for (const thanks of [true, false]) {
  const t = thanks ? 'thanks' : 'no thanks';
  const view = (status: string, over: object = {}) => ({
    status,
    practices: [],
    lockedOpen: false,
    locked: null,
    completedPractice: thanks ? THANKS : null,
    ...over,
  });
  const can = (over: Record<string, boolean> = {}) => ({
    RETRY: false,
    SELECT: false,
    UPGRADE: false,
    DISMISS: false,
    'THANKS.DISMISS': true, // everywhere, the thanks shown or not
    ...over,
  });
  // «Спасибо» dismissed: the same state without the thanks.
  const dismiss = (key: string) => ({ 'THANKS.DISMISS': key.replace(t, 'no thanks') });
  const loading = `loading ${t}`;
  listStates[loading] = { view: view('loading'), can: can(), running: ['loadPractices'] };
  listStates[`error ${t}`] = { view: view('error'), can: can({ RETRY: true }) };
  listStates[`empty ${t}`] = { view: view('empty'), can: can() };
  listTransitions[loading] = {
    'done.actor.loadPractices listed': `ready.browsing ${t}`,
    'done.actor.loadPractices empty': `empty ${t}`,
    'error.actor.loadPractices': `error ${t}`,
    ...dismiss(loading),
  };
  listTransitions[`error ${t}`] = {
    RETRY: { to: loading, invokes: [{ id: 'loadPractices', src: 'loadPractices', input: undefined }] },
    ...dismiss(`error ${t}`),
  };
  listTransitions[`empty ${t}`] = dismiss(`empty ${t}`);
  for (const kept of [null, wheel]) {
    const browsing = `ready.browsing ${t}${kept ? ' balance_wheel' : ''}`;
    listStates[browsing] = {
      view: view('ready', { practices: [box, wheel], locked: kept }),
      can: can({ 'SELECT box': true, 'SELECT wheel': true, 'SELECT unknown': false }),
    };
    listTransitions[browsing] = {
      'SELECT box': { to: browsing, effects: [['navigate', { to: '/app/practices/box_breathing' }]] },
      'SELECT wheel': { to: `ready.locked ${t} balance_wheel`, context: { locked: wheel } },
      'SELECT unknown': browsing,
      ...dismiss(browsing),
    };
  }
  const locked = `ready.locked ${t} balance_wheel`;
  listStates[locked] = {
    view: view('ready', { practices: [box, wheel], lockedOpen: true, locked: wheel }),
    can: can({ UPGRADE: true, DISMISS: true }),
  };
  listTransitions[locked] = {
    UPGRADE: {
      to: `ready.browsing ${t} balance_wheel`,
      effects: [['navigate', { to: '/app/profile/subscription' }]],
    },
    DISMISS: `ready.browsing ${t} balance_wheel`,
    ...dismiss(locked),
  };
}
describeMachineTables(practiceListMachine, {
  view: practiceListView,
  input: { completedPractice: THANKS },
  events: {
    'xstate.done.actor.loadPractices': {
      listed: { type: 'xstate.done.actor.loadPractices', output: [box, wheel] },
      empty: { type: 'xstate.done.actor.loadPractices', output: [] },
    },
    SELECT: {
      box: { type: 'SELECT', id: 'box_breathing' },
      wheel: { type: 'SELECT', id: 'balance_wheel' },
      unknown: { type: 'SELECT', id: 'no_such_practice' },
    },
  },
  key: listKey,
  states: listStates,
  transitions: listTransitions,
  assert: {
    // The grid is asked for as the screen opens.
    loading: (_s, run) =>
      expect(run.invocations.at(-1)).toEqual({ id: 'loadPractices', src: 'loadPractices', input: undefined }),
  },
  counts: { paths: 25, transitions: 36 },
});

describe('practice list opened without a finished practice', () => {
  it('shows no thanks', () => {
    const actor = createActor(practiceListMachine, { input: {} }).start();
    expect(practiceListView(actor.getSnapshot()).completedPractice).toBeNull();
    actor.stop();
  });
});

// The detail page as two tables, opened from the chat's suggestion: the practice loaded (open, locked up front, or
// missing), a failed load and its retry, «Начать практику» with the source, the session opened with the start's
// id, a start refused for the plan (402: the dialog, the practice now locked), a failed start («Не удалось начать
// практику. Попробуйте ещё раз.», the button works again). Back goes to the list from every state. The key: the
// state, the practice as loaded (open / locked / refused by the server) and whether the start failed.
const startResponse: PracticeStartResponse = { session_id: 'session-1', practice: box };
const lockedUpFront = { ...box, is_locked: true, is_advanced: true };
const refusedLater = { ...box, is_locked: true };
const detailKey = (s: AnyMachineSnapshot) => {
  const c = s.context as PracticeDetailContext;
  const practice = !c.practice
    ? 'none'
    : !c.practice.is_locked
      ? 'open'
      : c.practice.is_advanced
        ? 'locked'
        : 'refused';
  return `${stateValue(s)} ${practice}${c.startFailed ? ' failed' : ''}`;
};
const toList: Effect = ['navigate', { to: '/app/practices' }];
const detailCan = (over: Record<string, boolean> = {}) => ({
  RETRY: false,
  START: false,
  UPGRADE: false,
  DISMISS: false,
  BACK: true, // Telegram's Back, everywhere
  ...over,
});
const detailView = (status: string, practice: Practice | null, over: object = {}) => ({
  status,
  practice,
  starting: false,
  startFailed: false,
  lockedOpen: false,
  ...over,
});
const prefetch: Effect = ['prefetchSession', { id: 'box_breathing' }];
const startCall = {
  id: 'startPractice',
  src: 'startPractice',
  // The source the page was opened from.
  input: { practice_type: 'box_breathing', source_type: 'ai_suggestion', source_id: 'chat-7' },
};
const detailStates: Record<string, StateRow> = {
  'loading none': { view: detailView('loading', null), can: detailCan(), running: ['loadPractice'] },
  'notFound none': { view: detailView('notFound', null), can: detailCan() },
  'error none': { view: detailView('error', null), can: detailCan({ RETRY: true }) },
  'ready.idle open': { view: detailView('ready', box), can: detailCan({ START: true }) },
  'ready.idle open failed': { view: detailView('ready', box, { startFailed: true }), can: detailCan({ START: true }) },
  'ready.starting open': {
    view: detailView('ready', box, { starting: true }),
    can: detailCan(),
    running: ['startPractice'],
  },
  // The session screen opens; the button stays busy.
  'ready.started open': { view: detailView('ready', box, { starting: true }), can: detailCan() },
};
const detailTransitions: Record<string, Record<string, string | TransitionRow>> = {
  'loading none': {
    // The session screen and its runner are fetched as soon as the page is ready.
    'done.actor.loadPractice open': { to: 'ready.idle open', effects: [prefetch] },
    'done.actor.loadPractice locked': { to: 'ready.idle locked', effects: [prefetch] },
    'done.actor.loadPractice missing': 'notFound none',
    'error.actor.loadPractice': 'error none',
  },
  'error none': {
    RETRY: {
      to: 'loading none',
      invokes: [{ id: 'loadPractice', src: 'loadPractice', input: { id: 'box_breathing' } }],
    },
  },
  'ready.idle open': { START: { to: 'ready.starting open', invokes: [startCall] } },
  'ready.idle open failed': { START: { to: 'ready.starting open', invokes: [startCall] } },
  'ready.starting open': {
    'done.actor.startPractice ok': {
      to: 'ready.started open',
      effects: [
        ['navigate', { to: '/app/practices/box_breathing/session', state: { sessionId: 'session-1', practice: box } }],
      ],
    },
    'error.actor.startPractice refused': { to: 'ready.locked refused', context: { practice: refusedLater } },
    'error.actor.startPractice offline': 'ready.idle open failed',
    'error.actor.startPractice nothing': 'ready.idle open failed',
  },
};
for (const [name, practice] of [
  ['locked', lockedUpFront],
  ['refused', refusedLater],
] as const) {
  detailStates[`ready.idle ${name}`] = { view: detailView('ready', practice), can: detailCan({ START: true }) };
  detailStates[`ready.locked ${name}`] = {
    view: detailView('ready', practice, { lockedOpen: true }),
    can: detailCan({ UPGRADE: true, DISMISS: true }),
  };
  // «Начать практику» reads «Улучшить тариф»: the dialog, no call.
  detailTransitions[`ready.idle ${name}`] = { START: `ready.locked ${name}` };
  detailTransitions[`ready.locked ${name}`] = {
    UPGRADE: { to: `ready.idle ${name}`, effects: [['navigate', { to: '/app/profile/subscription' }]] },
    DISMISS: `ready.idle ${name}`,
  };
}
for (const key of Object.keys(detailStates)) (detailTransitions[key] ??= {}).BACK = { to: key, effects: [toList] };
describeMachineTables(practiceDetailMachine, {
  view: practiceDetailView,
  input: { id: 'box_breathing', sourceType: 'ai_suggestion', sourceId: 'chat-7' },
  events: {
    'xstate.done.actor.loadPractice': {
      open: { type: 'xstate.done.actor.loadPractice', output: box },
      locked: { type: 'xstate.done.actor.loadPractice', output: lockedUpFront },
      missing: { type: 'xstate.done.actor.loadPractice', output: null },
    },
    'xstate.done.actor.startPractice': { ok: { type: 'xstate.done.actor.startPractice', output: startResponse } },
    'xstate.error.actor.startPractice': {
      refused: { type: 'xstate.error.actor.startPractice', error: { reason: 'locked' } },
      offline: { type: 'xstate.error.actor.startPractice', error: new Error('offline') },
      nothing: { type: 'xstate.error.actor.startPractice', error: null },
    },
  },
  key: detailKey,
  states: detailStates,
  transitions: detailTransitions,
  assert: {
    // The page asks for its practice as it opens.
    loading: (_s, run) =>
      expect(run.invocations.at(-1)).toEqual({
        id: 'loadPractice',
        src: 'loadPractice',
        input: { id: 'box_breathing' },
      }),
  },
  counts: { paths: 18, transitions: 28 },
});

describe('practice detail opened from the list', () => {
  it('starts with the source manual and no source id', async () => {
    const inputs: unknown[] = [];
    const actor = createActor(
      practiceDetailMachine.provide({
        actors: {
          loadPractice: fromPromise<Practice | null, { id: string }>(async () => box),
          startPractice: fromPromise(({ input }) => {
            inputs.push(input);
            return new Promise<PracticeStartResponse>(() => {});
          }),
        },
      }),
      { input: { id: 'box_breathing' } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'START' });
    expect(inputs).toEqual([{ practice_type: 'box_breathing', source_type: 'manual', source_id: null }]);
    actor.stop();
  });
});

// The session as two tables: the runner hands over its result (or none), «Завершить» sends a rating of 1–5 with its
// comment (0 and 6 are refused), «Пропустить» sends none; a failed complete keeps what was sent to send again; Back
// goes to the practice's page from every state; done completes the session once and thanks by name.
const RESULTS = { answers: { answers: ['a'] }, none: null } as const;
const RATINGS = { five: { rating: 5, feedback: 'Стало легче' }, one: { rating: 1, feedback: null } } as const;
const REFUSED = { zero: 0, six: 6 } as const;
type Sent = keyof typeof RATINGS | 'skip';
const SENT: Record<Sent, { rating: number | null; feedback: string | null }> = {
  ...RATINGS,
  skip: { rating: null, feedback: null },
};
const back: Effect = ['navigate', { to: '/app/practices/box_breathing' }];
const sessionKey = (s: AnyMachineSnapshot) => {
  const c = s.context as PracticeSessionContext;
  const sent = c.sent === null ? '-' : c.sent.rating === null ? 'skip' : c.sent.rating === 5 ? 'five' : 'one';
  return `${stateValue(s)} ${c.result === null ? 'none' : 'answers'} ${sent}${c.failed ? ' failed' : ''}`;
};
const sessionCan = (over: Record<string, boolean>) => ({
  FINISHED: false,
  SUBMIT: false,
  SKIP: false,
  BACK: true,
  ...over,
});
const sessionStates: Record<string, StateRow> = {
  'running none -': {
    view: { status: 'running', result: null, showsRating: false, sending: false, skipping: false, failed: false },
    can: sessionCan({ FINISHED: true }),
    running: ['keepAwake'],
  },
};
const sessionTransitions: Record<string, Record<string, string | TransitionRow>> = {
  'running none -': {
    BACK: { to: 'running none -', effects: [back] },
    ...Object.fromEntries(Object.keys(RESULTS).map((r) => [`FINISHED ${r}`, `rating ${r} -`])),
  },
};
for (const [r, result] of Object.entries(RESULTS)) {
  const view = (status: string, over: object = {}) => ({
    status,
    result,
    showsRating: status !== 'done',
    sending: false,
    skipping: false,
    failed: false,
    ...over,
  });
  const rating = `rating ${r} -`;
  const rows = (from: string): Record<string, TransitionRow> => ({
    BACK: { to: from, effects: [back] },
    ...Object.fromEntries(
      (Object.keys(SENT) as Sent[]).map((k) => [
        k === 'skip' ? 'SKIP' : `SUBMIT ${k}`,
        {
          to: `completing ${r} ${k}`,
          invokes: [{ id: 'completeSession', src: 'completeSession', input: { sessionId: 'session-1', ...SENT[k] } }],
          context: { sent: SENT[k], failed: false },
        },
      ]),
    ),
    ...Object.fromEntries(Object.keys(REFUSED).map((k) => [`SUBMIT ${k}`, { to: from }])),
  });
  const ratingCan = sessionCan({ SKIP: true, 'SUBMIT five': true, 'SUBMIT one': true, SUBMIT: false });
  sessionStates[rating] = { view: view('rating'), can: ratingCan };
  sessionTransitions[rating] = rows(rating);
  for (const k of Object.keys(SENT) as Sent[]) {
    const completing = `completing ${r} ${k}`;
    const failed = `rating ${r} ${k} failed`;
    sessionStates[completing] = {
      view: view('completing', { sending: true, skipping: k === 'skip' }),
      can: sessionCan({}),
      running: ['completeSession'],
    };
    // «Не удалось завершить практику»: what was sent stays, to send again.
    sessionStates[failed] = { view: view('rating', { failed: true }), can: ratingCan, context: { sent: SENT[k] } };
    // can() still answers the root's BACK in the final state (XState asks the nodes, not the actor), but the actor
    // has stopped: BACK there goes nowhere and navigates nowhere (its row below).
    const done = `done ${r} ${k}`;
    sessionStates[done] = { view: view('done'), can: sessionCan({}), status: 'done' };
    sessionTransitions[done] = { BACK: done };
    sessionTransitions[completing] = {
      BACK: { to: completing, effects: [back] },
      // Completed once, with what the runner handed over; the list thanks by the practice's name.
      'done.actor.completeSession': {
        to: done,
        effects: [
          ['sessionCompleted', { result }],
          ['navigate', { to: '/app/practices', replace: true, state: { completedPractice: 'Квадратное дыхание' } }],
        ],
      },
      'error.actor.completeSession': failed,
    };
    sessionTransitions[failed] = rows(failed);
  }
}
describeMachineTables(practiceSessionMachine, {
  view: practiceSessionView,
  input: { sessionId: 'session-1', practice: { id: 'box_breathing', name: 'Квадратное дыхание' } },
  events: {
    FINISHED: { answers: { type: 'FINISHED', result: RESULTS.answers }, none: { type: 'FINISHED' } },
    SUBMIT: {
      ...Object.fromEntries(Object.entries(RATINGS).map(([k, r]) => [k, { type: 'SUBMIT', ...r }])),
      ...Object.fromEntries(
        Object.entries(REFUSED).map(([k, rating]) => [k, { type: 'SUBMIT', rating, feedback: null }]),
      ),
    },
  },
  key: sessionKey,
  states: sessionStates,
  transitions: sessionTransitions,
  counts: { paths: 55, transitions: 75 },
});
