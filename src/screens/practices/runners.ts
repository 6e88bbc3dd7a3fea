// The session runners, by practice id: the one place that says which screen plays which practice. A runner is a
// screen module (its own lazy chunk) whose default export plays the practice with its own machine and calls
// `onFinish` when the practice is over; the session then shows «Отлично!» / «Как вам практика?», the rating and
// the complete call, the same for every practice. A practice without a runner (one the client does not know yet)
// shows «Практика в разработке».
//
// Adding a practice (say a step practice): write machines/practices/<name>.machine.ts (its final state calls a
// `finish` action), a runner screen ./runners/<Name>Runner.tsx that binds it with useFlow and provides
// `finish: () => onFinish(result)`, and one line in `runnerChunks` below. To show something beside the rating (for
// instance «save what I wrote to the diary»), export `FinishExtra` from the same module: the session renders it
// above the stars with the `result` the runner handed to onFinish; and `sessionCompleted`, called once the rating is
// sent, to let go of what the runner kept until then (the step practices' drafts).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Practice, PracticeId } from '../../../contract/practices';
import { routeChunk, routeChunks, type RouteChunk } from '../../routeChunks';

/** What the session gives a runner. */
export interface RunnerProps {
  practice: Practice;
  sessionId: string;
  /** The practice is over: the session moves on to the rating. `result` is handed to the module's FinishExtra. */
  onFinish: (result?: unknown) => void;
  /** Leaves the session as its back button does (a step practice quit on purpose). */
  onLeave: () => void;
  /**
   * Takes Telegram's Back button while the runner is on screen (a step practice: back a step), or gives it back to
   * the session with null. Unclaimed, Back leaves for the practice's page.
   */
  claimBack: (handler: (() => void) | null) => void;
}

/** Shown beside the rating when the runner's module exports it. */
export interface FinishExtraProps {
  practice: Practice;
  sessionId: string;
  /** What the runner passed to onFinish (null when nothing). */
  result: unknown;
}

export interface RunnerModule {
  default: ComponentType<RunnerProps>;
  FinishExtra?: ComponentType<FinishExtraProps>;
  /** The session was completed (rated and sent): what the runner kept for it may go (a step practice's draft). */
  sessionCompleted?: (props: FinishExtraProps) => void;
}

const breathing = routeChunk<RunnerModule>(() => import('./runners/BreathingRunner'));

/** Each practice's runner module, fetched once (and handed over at once when already here). */
const runnerChunks: Partial<Record<PracticeId, RouteChunk<RunnerModule>>> = {
  breathing_478: breathing,
  triangle_breathing: breathing,
  box_breathing: breathing,
  grounding_54321: routeChunk(() => import('./runners/GroundingRunner')),
  five_minute_start: routeChunk(() => import('./runners/FiveMinuteStartRunner')),
  body_scan_simple: routeChunk(() => import('./runners/BodyScanRunner')),
  if_i_wasnt_afraid: routeChunk(() => import('./runners/IfIWasntAfraidRunner')),
  stop_think_act: routeChunk(() => import('./runners/StopThinkActRunner')),
  goal_shift: routeChunk(() => import('./runners/GoalShiftRunner')),
  paradoxical_step: routeChunk(() => import('./runners/ParadoxicalStepRunner')),
  balance_wheel: routeChunk(() => import('./runners/BalanceWheelRunner')),
  letter_without_sending: routeChunk(() => import('./runners/LetterWithoutSendingRunner')),
  diary_three_questions: routeChunk(() => import('./runners/DiaryThreeQuestionsRunner')),
};

export interface RunnerComponents {
  Runner: LazyExoticComponent<ComponentType<RunnerProps>>;
  /** Renders nothing when the module has no FinishExtra. */
  FinishExtra: LazyExoticComponent<ComponentType<FinishExtraProps>>;
}

const Nothing = () => null;
const components = new Map<string, RunnerComponents>();

/**
 * A lazy component from a part of the module. The chunk's thenable calls back at once when the module is here,
 * and so does this one, so React renders a prefetched runner without a Suspense fallback.
 */
function lazyPart<P>(chunk: RouteChunk<RunnerModule>, part: (m: RunnerModule) => ComponentType<P>) {
  return lazy(
    () =>
      ({
        then: (resolve: (m: { default: ComponentType<P> }) => void, reject: (e: unknown) => void) =>
          chunk.load().then((m) => resolve({ default: part(m) }), reject),
      }) as unknown as Promise<{ default: ComponentType<P> }>,
  );
}

/** The runner of a practice as components to render (inside Suspense), the same ones every time; null without one. */
export function runnerComponents(id: string): RunnerComponents | null {
  const chunk = runnerChunks[id as PracticeId];
  if (!chunk) return null;
  let found = components.get(id);
  if (!found) {
    found = {
      Runner: lazyPart(chunk, (m) => m.default),
      FinishExtra: lazyPart(chunk, (m) => m.FinishExtra ?? Nothing),
    };
    components.set(id, found);
  }
  return found;
}

/** Forgets a runner whose chunk failed to arrive, so the next `runnerComponents(id)` fetches it again. */
export function forgetRunner(id: string): void {
  components.delete(id);
}

/** Tells the practice's runner module that its session was completed (the module is here by then: at once). */
export function runnerSessionCompleted(id: string, props: FinishExtraProps): void {
  void runnerChunks[id as PracticeId]?.load().then(
    (m) => m.sessionCompleted?.(props),
    () => {},
  );
}

/** The session screen and the practice's runner, fetched while the detail page is read (no wait on «Начать»). */
export function prefetchSession(id: string): void {
  void routeChunks.practiceSession.preload().catch(() => {});
  void runnerChunks[id as PracticeId]?.preload().catch(() => {});
}
