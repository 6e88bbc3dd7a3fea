// CPU time of the renderer's main-thread tasks, from a Chromium trace (categories TRACE_CATEGORIES). On a busy
// machine a task's wall time includes the time the OS gave the CPU to someone else; its thread time does not, and
// tells a slow page from a descheduled one.

export const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];

/** One event of a Chromium trace, as the trace benches read it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

export interface TracedTask {
  /** In the page's performance.now() milliseconds. */
  start: number;
  wallMs: number;
  cpuMs: number;
}

/**
 * Top-level work on the main thread: tasks, and the microtask checkpoints Blink runs between them (a fetch's
 * promise chain — and React's render of its result — runs in one of those, outside any task event).
 */
const TOP_LEVEL = ['ThreadControllerImpl::RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint'];

/**
 * The main-thread work of the page that called `performance.mark(anchor)` while tracing, outermost events only:
 * the mark gives both the thread and the offset between the trace clock and the page's performance.now().
 */
export function mainThreadTasks(trace: Buffer, anchor: string): TracedTask[] {
  // Chromium writes one event per line; parsing only the lines that can matter keeps a 100 MB trace cheap.
  const events: TraceEvent[] = [];
  for (const line of trace.toString('utf8').split('\n')) {
    if (!TOP_LEVEL.some((name) => line.includes(`"${name}"`)) && !line.includes(`"${anchor}"`)) continue;
    events.push(JSON.parse(line.replace(/,\s*$/, '')) as TraceEvent);
  }
  const mark = events.find((e) => e.name === anchor && e.args?.data?.startTime !== undefined);
  if (!mark) throw new Error(`[bench diary-scroll] trace has no mark "${anchor}"`);
  const offsetUs = mark.ts - (mark.args!.data!.startTime as number) * 1000;
  const onThread = events
    .filter(
      (e) =>
        TOP_LEVEL.includes(e.name) && e.ph === 'X' && e.dur !== undefined && e.pid === mark.pid && e.tid === mark.tid,
    )
    .sort((a, b) => a.ts - b.ts);
  const outermost: TraceEvent[] = [];
  for (const e of onThread) {
    const last = outermost.at(-1);
    if (!last || e.ts >= last.ts + last.dur!) outermost.push(e); // else nested in `last`: already counted
  }
  return outermost.map((e) => ({
    start: (e.ts - offsetUs) / 1000,
    wallMs: e.dur! / 1000,
    cpuMs: (e.tdur ?? e.dur!) / 1000,
  }));
}

/**
 * Main-thread CPU time spent during this long task (PerformanceObserver start and duration): the thread time of the
 * traced tasks overlapping it, each in proportion to its overlap. Null when the trace has no task there.
 */
export function cpuDuring(tasks: TracedTask[], longTask: { start: number; duration: number }): number | null {
  let cpu: number | null = null;
  for (const t of tasks) {
    const overlap =
      Math.min(t.start + t.wallMs, longTask.start + longTask.duration) - Math.max(t.start, longTask.start);
    if (overlap > 0) cpu = (cpu ?? 0) + (t.cpuMs * overlap) / Math.max(t.wallMs, overlap);
  }
  return cpu;
}
