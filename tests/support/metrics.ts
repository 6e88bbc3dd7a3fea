// Reading the process's Prometheus metrics in tests: the registry is one per process and tests share it, so a test
// takes a snapshot before what it does and reads differences after (`delta`), never absolute values.
import { registry } from '../../server/metrics/metrics';

/** The value of one series in Prometheus's text format (0 when absent): the first whose labels include `labels`. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return 0;
}

/** A snapshot of the registry now; `delta(name, labels)` is how much that series grew since. */
export async function metricsSnapshot(): Promise<{
  delta: (name: string, labels?: Record<string, string>) => Promise<number>;
}> {
  const before = await registry.metrics();
  return {
    delta: async (name, labels = {}) => sample(await registry.metrics(), name, labels) - sample(before, name, labels),
  };
}
