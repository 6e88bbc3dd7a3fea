// CPU time of the renderer's main-thread tasks, from a Chromium trace (categories TRACE_CATEGORIES). On a busy
// machine a task's wall time includes the time the OS gave the CPU to someone else; its thread time does not, and
// tells a slow page from a descheduled one.

export const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { startTime?: number } };
}

export interface TracedTask {
  /** In the page's performance.now() milliseconds. */
  start: number;
  wallMs: number;
  cpuMs: number;
}

/**
 * Main-thread tasks of at least `minWallMs` in the page that called `performance.mark(anchor)` while tracing: the
 * mark gives both the thread and the offset between the trace clock and the page's performance.now().
 */
export function mainThreadTasks(trace: Buffer, anchor: string, minWallMs: number): TracedTask[] {
  // Chromium writes one event per line; parsing only the lines that can matter keeps a 100 MB trace cheap.
  const events: TraceEvent[] = [];
  for (const line of trace.toString('utf8').split('\n')) {
    if (!line.includes('"ThreadControllerImpl::RunTask"') && !line.includes(`"${anchor}"`)) continue;
    events.push(JSON.parse(line.replace(/,\s*$/, '')) as TraceEvent);
  }
  const mark = events.find((e) => e.name === anchor && e.args?.data?.startTime !== undefined);
  if (!mark) throw new Error(`[bench diary-scroll] trace has no mark "${anchor}"`);
  const offsetUs = mark.ts - mark.args!.data!.startTime! * 1000;
  return events
    .filter(
      (e) =>
        e.name === 'ThreadControllerImpl::RunTask' &&
        e.ph === 'X' &&
        e.pid === mark.pid &&
        e.tid === mark.tid &&
        (e.dur ?? 0) >= minWallMs * 1000,
    )
    .map((e) => ({ start: (e.ts - offsetUs) / 1000, wallMs: e.dur! / 1000, cpuMs: (e.tdur ?? e.dur!) / 1000 }));
}

/** The traced task that is this long task (PerformanceObserver start and duration), or undefined. */
export function tracedTaskOf(tasks: TracedTask[], longTask: { start: number; duration: number }): TracedTask | undefined {
  let best: TracedTask | undefined;
  for (const t of tasks) {
    const overlap = Math.min(t.start + t.wallMs, longTask.start + longTask.duration) - Math.max(t.start, longTask.start);
    if (overlap > 0 && (!best || t.wallMs > best.wallMs)) best = t;
  }
  return best;
}
