// Generated paths of the practice list and the detail page with its start call, and the session (runner → rating →
// complete) as two tables: where each navigates, with which state, what the calls receive, and what a failure keeps.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Practice, PracticeStartResponse } from '../../contract/practices';
import { paths } from '../../machines/paths';
import { practiceDetailMachine, practiceDetailView } from '../../machines/practices/practice-detail.machine';
import { practiceListMachine, practiceListView } from '../../machines/practices/practice-list.machine';
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
import { describeMachinePaths } from '../support/path-tests';

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

let effects: Array<[string, unknown]> = [];
const recorded = () => {
  effects = [];
  return {
    actions: {
      navigate: (_: unknown, params: unknown) => void effects.push(['navigate', params]),
      prefetchSession: (_: unknown, params: unknown) => void effects.push(['prefetchSession', params]),
      sessionCompleted: (_: unknown, params: unknown) => void effects.push(['sessionCompleted', params]),
    },
  };
};
const navigations = () => effects.filter(([name]) => name === 'navigate').map(([, params]) => params);

describeMachinePaths(practiceListMachine, {
  input: { completedPractice: 'Квадратное дыхание' },
  provide: recorded,
  events: {
    'xstate.done.actor.loadPractices': [
      { type: 'xstate.done.actor.loadPractices', output: [box, wheel] },
      { type: 'xstate.done.actor.loadPractices', output: [] },
    ],
    SELECT: [
      { type: 'SELECT', id: 'box_breathing' },
      { type: 'SELECT', id: 'balance_wheel' },
      { type: 'SELECT', id: 'no_such_practice' },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.completedPractice !== null]),
  assert: {
    loading: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadPractices' });
      expect(practiceListView(s).status).toBe('loading');
    },
    empty: (s) => expect(practiceListView(s)).toMatchObject({ status: 'empty', practices: [] }),
    error: (s) => expect(s.can({ type: 'RETRY' })).toBe(true),
    ready: (s) => {
      const v = practiceListView(s);
      expect(v.practices).toEqual([box, wheel]);
      // Only the open practice navigates, to its own page; the locked one opened the dialog instead.
      for (const to of navigations())
        expect([{ to: paths.practice('box_breathing') }, { to: paths.subscription }]).toContainEqual(to);
    },
    'ready.locked': (s) => {
      expect(practiceListView(s)).toMatchObject({ lockedOpen: true, locked: wheel });
      expect(navigations().at(-1)).not.toEqual({ to: paths.practice('balance_wheel') });
    },
    'ready.browsing': (s) => expect(practiceListView(s).lockedOpen).toBe(false),
    '#practiceList': (s) => {
      // The thanks names the practice just finished until dismissed.
      expect(practiceListView(s).completedPractice).toBe(s.context.completedPractice);
      expect([null, 'Квадратное дыхание']).toContain(s.context.completedPractice);
      expect(navigations()).not.toContainEqual({ to: paths.practice('balance_wheel') });
      expect(navigations()).not.toContainEqual({ to: paths.practice('no_such_practice') });
    },
  },
});

const startResponse: PracticeStartResponse = { session_id: 'session-1', practice: box };

describeMachinePaths(practiceDetailMachine, {
  input: { id: 'box_breathing', sourceType: 'ai_suggestion', sourceId: 'chat-7' },
  provide: recorded,
  events: {
    'xstate.done.actor.loadPractice': [
      { type: 'xstate.done.actor.loadPractice', output: box },
      { type: 'xstate.done.actor.loadPractice', output: { ...box, is_locked: true, is_advanced: true } },
      { type: 'xstate.done.actor.loadPractice', output: null },
    ],
    'xstate.done.actor.startPractice': [{ type: 'xstate.done.actor.startPractice', output: startResponse }],
    'xstate.error.actor.startPractice': [
      { type: 'xstate.error.actor.startPractice', error: { reason: 'locked' } },
      { type: 'xstate.error.actor.startPractice', error: new Error('offline') },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.practice?.is_locked ?? null, s.context.startFailed]),
  assert: {
    loading: (_s, run) =>
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadPractice', input: { id: 'box_breathing' } }),
    notFound: (s) => expect(practiceDetailView(s)).toMatchObject({ status: 'notFound', practice: null }),
    error: (s) => expect(practiceDetailView(s).status).toBe('error'),
    ready: (s) => {
      expect(practiceDetailView(s).practice?.id).toBe('box_breathing');
      // The session screen and its runner are fetched as soon as the page is ready.
      expect(effects.filter(([n]) => n === 'prefetchSession').at(-1)).toEqual([
        'prefetchSession',
        { id: 'box_breathing' },
      ]);
    },
    'ready.starting': (s, run) => {
      // The start call carries the source the page was opened from.
      expect(run.invocations.at(-1)).toEqual({
        id: 'startPractice',
        src: 'startPractice',
        input: { practice_type: 'box_breathing', source_type: 'ai_suggestion', source_id: 'chat-7' },
      });
      expect(practiceDetailView(s)).toMatchObject({ starting: true, startFailed: false });
    },
    'ready.started': () =>
      expect(navigations()).toContainEqual({
        to: paths.practiceSession('box_breathing'),
        state: { sessionId: 'session-1', practice: box },
      }),
    'ready.locked': (s) => {
      expect(practiceDetailView(s)).toMatchObject({ lockedOpen: true, starting: false });
      expect(s.context.practice!.is_locked).toBe(true);
    },
    'ready.idle': (s) => {
      const v = practiceDetailView(s);
      expect(v.starting).toBe(false);
      expect(v.startFailed).toBe(s.context.startFailed);
      expect(navigations().filter((n) => (n as { to: string }).to === paths.practiceSession('box_breathing'))).toEqual(
        [],
      );
    },
    '#practiceDetail': () => {
      for (const to of navigations()) {
        expect([paths.practices, paths.subscription, paths.practiceSession('box_breathing')]).toContain(
          (to as { to: string }).to,
        );
      }
    },
  },
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
