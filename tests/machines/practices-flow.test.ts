// Generated paths of the practice list, the detail page with its start call, and the session (runner → rating →
// complete): where each navigates, with which state, what the calls receive, and what a failure keeps.
import { expect } from 'vitest';
import type { Practice, PracticeStartResponse } from '../../contract/practices';
import { paths } from '../../machines/paths';
import { practiceDetailMachine, practiceDetailView } from '../../machines/practices/practice-detail.machine';
import { practiceListMachine, practiceListView } from '../../machines/practices/practice-list.machine';
import { practiceSessionMachine, practiceSessionView } from '../../machines/practices/practice-session.machine';
import { branchCounter } from '../support/machine-tables';
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

const sent = branchCounter('skip', 'rating');
describeMachinePaths(practiceSessionMachine, {
  input: { sessionId: 'session-1', practice: { id: 'box_breathing', name: 'Квадратное дыхание' } },
  provide: recorded,
  events: {
    FINISHED: [{ type: 'FINISHED', result: { answers: ['a'] } }],
    SUBMIT: [
      { type: 'SUBMIT', rating: 5, feedback: 'Стало легче' },
      { type: 'SUBMIT', rating: 0, feedback: null },
    ],
  },
  // Whether the last thing sent was the skip: it decides what a retry sends and which button is busy.
  serializeState: (s) => JSON.stringify([s.value, s.context.failed, s.context.sent?.rating === null]),
  assert: {
    running: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'keepAwake', src: 'keepAwake' });
      expect(practiceSessionView(s)).toMatchObject({ status: 'running', showsRating: false });
    },
    rating: (s, run) => {
      const v = practiceSessionView(s);
      expect(v).toMatchObject({ status: 'rating', showsRating: true, sending: false, result: { answers: ['a'] } });
      expect(v.failed).toBe(s.context.failed);
      // After a failed complete the rating sent is still there to send again (and the session is not completed).
      if (s.context.failed)
        expect(s.context.sent).toEqual(
          run.events.some((e) => e.type === 'SKIP') && s.context.sent?.rating === null
            ? { rating: null, feedback: null }
            : { rating: 5, feedback: 'Стало легче' },
        );
      expect(s.can({ type: 'SKIP' })).toBe(true);
      expect(effects.some(([name]) => name === 'sessionCompleted')).toBe(false);
    },
    completing: (s, run) => {
      // «Пропустить» sends no rating (null, as the server's contract has it); «Завершить» the rating and comment.
      const skipped = run.events.filter((e) => e.type !== 'BACK').at(-1)!.type === 'SKIP';
      sent(skipped ? 'skip' : 'rating');
      expect(run.invocations.at(-1)).toEqual({
        id: 'completeSession',
        src: 'completeSession',
        input: skipped
          ? { sessionId: 'session-1', rating: null, feedback: null }
          : { sessionId: 'session-1', rating: 5, feedback: 'Стало легче' },
      });
      expect(practiceSessionView(s)).toMatchObject({
        showsRating: true,
        sending: true,
        failed: false,
        skipping: skipped,
      });
      expect(s.can({ type: 'SKIP' })).toBe(false);
    },
    done: () => {
      expect(navigations().at(-1)).toEqual({
        to: paths.practices,
        replace: true,
        state: { completedPractice: 'Квадратное дыхание' },
      });
      // Completed once, with what the runner handed over (a step practice's draft may go).
      expect(effects.filter(([name]) => name === 'sessionCompleted')).toEqual([
        ['sessionCompleted', { result: { answers: ['a'] } }],
      ]);
    },
    '#practiceSession': () => {
      for (const to of navigations().slice(0, -1)) expect(to).toEqual({ to: paths.practice('box_breathing') });
    },
  },
});
