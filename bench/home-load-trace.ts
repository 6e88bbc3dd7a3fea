/**
 * Where the time of a home open goes, on the slow-phone profile of bench/home-load.ts. A probe for docs/client.md
 * ("Where the time of an open goes"), not a bench: it has no budget. Run alone:
 * - `npx tsx bench/home-load-trace.ts [runs]`: a Chromium trace of a cold and a warm open of `/app/home`, printed as
 *   a timeline in ms after the navigation started — requests (sent, answered, from the network or a cache), the main
 *   thread's module compiles and evaluations, its other tasks over 8 ms, and the prompt painted;
 * - `npx tsx bench/home-load-trace.ts 1 cpu`: a CPU profile of each, from the first script to the prompt's frame —
 *   self time per script and function, the call tree, inclusive time per function of the app's chunks — saved as
 *   `.cpuprofile` files in the OS temp dir for Chromium DevTools;
 * - `npx tsx bench/home-load-trace.ts [runs] third`: the second and a third open of one context (the third with V8's
 *   code cache of the second).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../machines/paths';
import { buildClient, ROOT } from '../server/start/client-build';
import { launchUrl, signInitData } from '../tests/e2e/harness';
import { withBrowserApp } from './browser-app';
import { BOT_TOKEN, USER, openHomeCold, openHomeWarm, type HomeLoadRun } from './home-load';
import type { TraceEvent } from './diary-scroll-trace';
import { loadAverage, runIfMain } from './support';

const CATEGORIES = ['devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'toplevel'];

/** Outermost events only: a compile inside an evaluation is part of it. */
function outermost(events: TraceEvent[]): TraceEvent[] {
  const out: TraceEvent[] = [];
  for (const e of events.sort((a, b) => a.ts - b.ts)) {
    const last = out.at(-1);
    if (!last || e.ts >= last.ts + (last.dur ?? 0)) out.push(e);
  }
  return out;
}

const file = (url: unknown) =>
  typeof url === 'string' && URL.canParse(url)
    ? new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js')
    : String(url ?? '');

/** The timeline of one traced open: one line per event, sorted by time. */
export function timeline(buffer: Buffer, run: HomeLoadRun): string[] {
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const nav = traceEvents
    .filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes('/app'))
    .at(-1);
  // Some traces lack the mark: then the document's request (sent a few ms after it) and the thread that compiled or
  // asked for the entry (the page's main thread).
  const entry = (e: TraceEvent) => /\/assets\/index-/.test(String(e.args?.data?.url ?? e.args?.fileName));
  const page =
    nav ??
    traceEvents.find((e) => e.name === 'v8.compileModule' && entry(e)) ??
    traceEvents.find((e) => e.name === 'ResourceSendRequest' && entry(e));
  const start =
    nav ?? traceEvents.find((e) => e.name === 'ResourceSendRequest' && String(e.args?.data?.url).includes('/app'));
  if (!page || !start) throw new Error('[home-load-trace] neither navigationStart nor the entry in the trace');
  const main = traceEvents.filter((e) => e.pid === page.pid && e.tid === page.tid);
  const at = (e: TraceEvent) => (e.ts - start.ts) / 1000;
  const lines: Array<[number, string]> = [];
  const requests = new Map<string, { url: string; sent: number }>();
  for (const e of traceEvents) {
    const d = e.args?.data;
    if (!d) continue;
    if (e.name === 'ResourceSendRequest') requests.set(String(d.requestId), { url: String(d.url), sent: at(e) });
    if (e.name === 'ResourceReceiveResponse') {
      const r = requests.get(String(d.requestId));
      if (!r) continue;
      const source = d.fromServiceWorker ? 'service worker' : d.fromCache ? 'HTTP cache' : 'network';
      lines.push([r.sent, `request   ${file(r.url)} (sent; response at ${at(e).toFixed(0)} ms, ${source})`]);
    }
  }
  const scripts = outermost(
    main.filter(
      (e) => e.ph === 'X' && /^(v8\.compileModule|v8\.evaluateModule|v8\.compile|EvaluateScript)$/.test(e.name),
    ),
  );
  for (const e of scripts) {
    const d = e.args?.data ?? {};
    const url = d.url ?? (e.args as Record<string, unknown>)?.fileName ?? d.fileName;
    const cache = Object.entries(d)
      .filter(([k]) => /cache/i.test(k))
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ');
    lines.push([
      at(e),
      `${e.name.padEnd(18)} ${file(url)} ${(e.dur! / 1000).toFixed(1)} ms (cpu ${((e.tdur ?? 0) / 1000).toFixed(1)}) ${cache}`,
    ]);
  }
  const tasks = outermost(main.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask'));
  for (const t of tasks.filter((t) => t.dur! > 8000)) {
    const inner = main
      .filter((e) => e.ph === 'X' && e.ts >= t.ts && e.ts < t.ts + t.dur! && e.dur! > 2000 && e !== t)
      .map((e) => `${e.name}${e.args?.data?.url ? ` ${file(e.args.data.url)}` : ''} ${(e.dur! / 1000).toFixed(0)}`)
      .slice(0, 6)
      .join(', ');
    lines.push([at(t), `task      ${(t.dur! / 1000).toFixed(1)} ms: ${inner}`]);
  }
  lines.push([run.promptMs, `PROMPT PAINTED`]);
  return lines.sort((a, b) => a[0] - b[0]).map(([ms, text]) => `${ms.toFixed(0).padStart(6)} ms  ${text}`);
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    parent?: number;
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
}

/** Self time of a CPU profile, per script and per function (top `top`), in ms (as throttled). */
export function selfTimes(buffer: Buffer, top = 30): string[] {
  const profile = JSON.parse(buffer.toString('utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const perUrl = new Map<string, number>();
  const perFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const url = file(node.callFrame.url || undefined) || `(${node.callFrame.functionName || 'native'})`;
    perUrl.set(url, (perUrl.get(url) ?? 0) + ms);
    const fn = `${url} ${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + ms);
  });
  const sorted = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`);
  return ['per script:', ...sorted(perUrl, 15), 'per function:', ...sorted(perFunction, top)];
}

/** The call tree of a CPU profile, inclusive ms per node down to `depth`, nodes under `minMs` left out. */
export function callTree(buffer: Buffer, minMs = 15, depth = 9): string[] {
  const profile = JSON.parse(buffer.toString('utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
  const total = new Map<number, number>();
  const sum = (id: number): number => {
    const n = byId.get(id)!;
    const t = (self.get(id) ?? 0) + (n.children ?? []).reduce((acc, c) => acc + sum(c), 0);
    total.set(id, t);
    return t;
  };
  const root = profile.nodes[0]!;
  sum(root.id);
  const lines: string[] = [];
  const walk = (id: number, level: number) => {
    const n = byId.get(id)!;
    if (total.get(id)! < minMs || level > depth) return;
    const f = n.callFrame;
    lines.push(
      `${(total.get(id) ?? 0).toFixed(0).padStart(6)} ms ${'  '.repeat(level)}${f.functionName || '(anonymous)'} ${file(f.url || undefined)}:${f.lineNumber}`,
    );
    [...(n.children ?? [])].sort((a, b) => total.get(b)! - total.get(a)!).forEach((c) => walk(c, level + 1));
  };
  walk(root.id, 0);
  // Inclusive time per function of the app's own chunks (each counted once per stack: recursion not doubled).
  const inclusive = new Map<string, number>();
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const f = byId.get(at)!.callFrame;
      if (!/\/assets\/(?!vendor)/.test(f.url)) continue;
      const key = `${file(f.url)} ${f.functionName || '(anonymous)'}:${f.lineNumber}:${(f as { columnNumber?: number }).columnNumber ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
  lines.push('inclusive, app chunks:');
  [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .forEach(([k, v]) => lines.push(`${v.toFixed(0).padStart(6)} ms  ${k}`));
  return lines;
}

/** Keeps a profile for Chromium DevTools (Performance → load profile). */
function saveProfile(name: string, profile: Buffer): void {
  const path = join(tmpdir(), `home-load-${name}.cpuprofile`);
  writeFileSync(path, profile);
  console.log(`(profile saved: ${path})`);
}

export async function traceHomeLoad(runs = 1): Promise<void> {
  await withBrowserApp(
    { name: 'home-load-trace', botToken: BOT_TOKEN, build: (outDir: string) => buildClient(ROOT, outDir) },
    async ({ url: server, browser }) => {
      const url = launchUrl(
        { url: server },
        { path: paths.home, initData: signInitData(USER, { botToken: BOT_TOKEN }) },
      );
      await openHomeCold(browser, url); // warm-up: the server's JIT and the user's row
      if (process.argv[3] === 'third') {
        for (let i = 0; i < runs; i++) {
          const { run, more, trace } = await openHomeWarm(browser, url, USER.id, i === 0 ? CATEGORIES : undefined, 1);
          console.log(
            `second open ${more[0]!.promptMs} ms, third open ${run.promptMs} ms (load average ${loadAverage()})`,
          );
          if (trace)
            timeline(trace, run)
              .filter((l) => /compile|evaluate|produce|PROMPT|users/.test(l))
              .forEach((l) => console.log(l));
        }
        return;
      }
      if (process.argv[3] === 'cpu') {
        const cold = await openHomeCold(browser, url, true, 'cpu');
        console.log(`\ncold open: prompt ${cold.run.promptMs} ms (load average ${loadAverage()})`);
        selfTimes(cold.trace!).forEach((l) => console.log(l));
        saveProfile('cold', cold.trace!);
        callTree(cold.trace!).forEach((l) => console.log(l));
        const warm = await openHomeWarm(browser, url, USER.id, 'cpu');
        console.log(`\nwarm open: prompt ${warm.run.promptMs} ms (load average ${loadAverage()})`);
        selfTimes(warm.trace!).forEach((l) => console.log(l));
        saveProfile('warm', warm.trace!);
        callTree(warm.trace!).forEach((l) => console.log(l));
        return;
      }
      for (let i = 0; i < runs; i++) {
        const cold = await openHomeCold(browser, url, true, CATEGORIES);
        console.log(`\ncold open ${i + 1}: prompt ${cold.run.promptMs} ms (load average ${loadAverage()})`);
        timeline(cold.trace!, cold.run).forEach((l) => console.log(l));
        const warm = await openHomeWarm(browser, url, USER.id, CATEGORIES);
        console.log(`\nwarm open ${i + 1}: prompt ${warm.run.promptMs} ms (load average ${loadAverage()})`);
        timeline(warm.trace!, warm.run).forEach((l) => console.log(l));
      }
    },
  );
}

runIfMain(import.meta.url, () => traceHomeLoad(Number(process.argv[2] ?? 1)));
