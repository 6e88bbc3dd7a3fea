// The session runners, by practice id: the one place that says which screen plays which practice. A runner is a
// screen module (its own lazy chunk) whose default export plays the practice with its own machine and calls
// `onFinish` when the practice is over; the session then shows «Отлично!» / «Как вам практика?», the rating and
// the complete call, the same for every practice. A practice without a runner shows «Практика в разработке».
//
// Adding a practice (say a step practice): write machines/practices/<name>.machine.ts (its final state calls a
// `finish` action), a runner screen ./runners/<Name>Runner.tsx that binds it with useFlow and provides
// `finish: () => onFinish(result)`, and one line below. To show something beside the rating (for instance «save
// what I wrote to the diary»), export `FinishExtra` from the same module: the session renders it above the stars
// with the `result` the runner handed to onFinish.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Practice, PracticeId } from '../../../contract/practices';

/** What the session gives a runner. */
export interface RunnerProps {
  practice: Practice;
  sessionId: string;
  /** The practice is over: the session moves on to the rating. `result` is handed to the module's FinishExtra. */
  onFinish: (result?: unknown) => void;
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
}

const runnerLoaders: Partial<Record<PracticeId, () => Promise<RunnerModule>>> = {
  breathing_478: () => import('./runners/BreathingRunner'),
  triangle_breathing: () => import('./runners/BreathingRunner'),
  box_breathing: () => import('./runners/BreathingRunner'),
  grounding_54321: () => import('./runners/GroundingRunner'),
  five_minute_start: () => import('./runners/FiveMinuteStartRunner'),
  body_scan_simple: () => import('./runners/BodyScanRunner'),
};

const loaded = new Map<string, Promise<RunnerModule>>();

/**
 * The runner module of a practice, fetched once and shared (the detail page asks for it early, so the session
 * opens without waiting); null when the practice has no runner yet.
 */
export function loadRunner(id: string): Promise<RunnerModule> | null {
  const load = runnerLoaders[id as PracticeId];
  if (!load) return null;
  let module = loaded.get(id);
  if (!module) {
    module = load();
    loaded.set(id, module);
    module.catch(() => loaded.delete(id)); // a failed fetch is tried again next time
  }
  return module;
}

export interface RunnerComponents {
  Runner: LazyExoticComponent<ComponentType<RunnerProps>>;
  /** Renders nothing when the module has no FinishExtra. */
  FinishExtra: LazyExoticComponent<ComponentType<FinishExtraProps>>;
}

const Nothing = () => null;
const components = new Map<string, RunnerComponents>();

/** The runner of a practice as components to render (inside Suspense), the same ones every time; null without one. */
export function runnerComponents(id: string): RunnerComponents | null {
  if (!runnerLoaders[id as PracticeId]) return null;
  let found = components.get(id);
  if (!found) {
    const module = () => loadRunner(id)!;
    found = {
      Runner: lazy(() => module().then((m) => ({ default: m.default }))),
      FinishExtra: lazy(() => module().then((m) => ({ default: m.FinishExtra ?? Nothing }))),
    };
    components.set(id, found);
  }
  return found;
}

/** The session screen and the practice's runner, fetched while the detail page is read (no wait on «Начать»). */
export function prefetchSession(id: string): void {
  void import('./PracticeSessionScreen').catch(() => {});
  void loadRunner(id)?.catch(() => {});
}
