/**
 * First load and return visit on a slow phone, in Chromium throttled as issue 29 names it: 4× CPU slowdown,
 * 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip (CDP Emulation.setCPUThrottlingRate,
 * Network.emulateNetworkConditions), until «Как вы себя чувствуете сегодня?» is painted.
 * - Cold: a fresh browser context, empty cache, `/app/home` with signed launch parameters in the hash as Telegram
 *   passes them, a returning user (onboarding done). Budgets: ≤ 8 scripts and ≤ 120 KB of JavaScript on the wire
 *   before the prompt, and a median time to it ≤ 1.3× that of a bare React 19 page (bench/bare-react.ts: the
 *   project's own react and react-dom, minified, brotli, one script, a trivial component showing the same words),
 *   which this bench builds, serves and opens on the same profile in the same run, interleaved with home. Beside it
 *   the stack page (the same words under the libraries every screen runs on, nothing of the app's): it says how
 *   much of the ratio the stack itself takes.
 * - Warm (the return visit): in one context, a first open (its service worker installed, the home week kept on the
 *   device), then a second open of the same launch in a new page with the HTTP cache warm. Budget: median ≤ 0.8 s to
 *   the prompt, no script downloaded again; it also says when the week (kept or fresh) was painted.
 * Builds the production client into a temp dir (server/start/client-build.ts, the rule `npm start` uses) and serves it
 * with the real app in-process on loopback (bench/browser-app.ts); one unmeasured warm-up run first (server JIT, the
 * user's row). Prints every run and the medians; exits non-zero only when the measurement itself fails.
 * Run alone: `npx tsx bench/home-load.ts`.
 */
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import { paths } from '../machines/paths';
import { buildClient, ROOT } from '../server/start/client-build';
import { homeCopy } from '../src/copy/home';
import { homeWeekCopy } from '../src/copy/homeWeek';
import { KEPT_MARK, shellStorageKey } from '../src/screens/home/keptHomeFormat';
import { summaryStorageKey } from '../src/screens/home/summaryStorage';
import { STORAGE_KEYS } from '../src/telegram/storage';
import { PHONE_CONTEXT, launchUrl, signInitData } from '../tests/e2e/harness';
import { serveBareReact, serveStackPage } from './bare-react';
import { withBrowserApp } from './browser-app';
import { loadAverage, runIfMain, withSteal } from './support';

/** Time to home over the bare React page's, measured in the same run. */
export const HOME_LOAD_BUDGET_RATIO = 1.3;
export const HOME_JS_BUDGET_KB = 120;
export const HOME_SCRIPTS_BUDGET = 8;
/** The return visit: warm HTTP cache, same profile. */
export const WARM_HOME_BUDGET_MS = 800;
const RUNS = 5;
export const BOT_TOKEN = '7000000004:home-load-bench-token';
export const USER = { id: 9_300_001, first_name: 'Вера', language_code: 'ru' };

/** The slow phone: CPU and network as the budget names them. */
export const SLOW_PHONE = {
  cpuSlowdown: 4,
  network: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
} as const;

export interface ScriptLoad {
  url: string;
  /** Bytes of the body as sent (compressed when the server compressed it), response headers excluded. */
  bodyBytes: number;
  /** Bytes on the wire including the response headers. */
  wireBytes: number;
  encoding: string;
  /** Taken from the HTTP cache or the service worker's cache, not downloaded. */
  fromCache: boolean;
  /** Request sent and loading finished, ms after the navigation started. */
  startMs: number;
  endMs: number;
}

export interface HomeLoadRun {
  /** Navigation start → the prompt painted (the frame after it entered the DOM). */
  promptMs: number;
  /**
   * Navigation start → React's home painted, its controls answering (the frame after it entered the DOM): later than
   * the prompt when the home kept on the device was painted first (src/screens/home/keptShell.ts).
   */
  liveMs: number;
  /** Navigation start → home's week painted (kept or fresh); null: not within the wait for it. */
  weekMs: number | null;
  /** When a spinner (splash or Suspense fallback) first showed before the prompt; null: none did. */
  spinnerMs: number | null;
  /** Scripts that finished loading before the prompt. */
  scripts: ScriptLoad[];
  /** Their bodies as sent (the budget's figure), and the same with the response headers. */
  jsKb: number;
  jsWireKb: number;
  /** Those of them downloaded (not from a cache). */
  downloaded: number;
  /** When GET /api/users/me and GET /api/home/summary were sent and answered, ms after the navigation started. */
  authRequest: Timing | null;
  summaryRequest: Timing | null;
  /** The page was controlled by the app's service worker. */
  serviceWorker: boolean;
}

interface Timing {
  startMs: number;
  endMs: number;
}

export interface HomeLoadResult {
  cold: HomeLoadRun[];
  bare: HomeLoadRun[];
  /** The stack page (bench/bare-react.ts): the libraries the app runs on, with no code of the app's. */
  stack: HomeLoadRun[];
  warm: HomeLoadRun[];
  medianMs: number;
  bareMedianMs: number;
  ratio: number;
  stackMedianMs: number;
  /** The stack page's time over the bare page's: what the libraries alone cost. */
  stackRatio: number;
  medianJsKb: number;
  medianScripts: number;
  warmMedianMs: number;
  /** The same for React's home (equal to the prompt's unless the kept home was painted first). */
  warmLiveMedianMs: number;
  warmDownloaded: number;
  withinBudget: boolean;
  stealPct: number | null;
}

const round = (n: number) => Math.round(n * 10) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Records in the page, from its first script on: when the prompt is first painted (the DOM mutation that shows it,
 * then the next animation frame), when React's home is (the prompt in a container without `keptMark`), when the
 * week's title is (`weekText`), and when a spinner (the splash's or a screen's Suspense fallback) first appeared
 * before the prompt. performance.now() counts from the navigation's start.
 */
function watchPrompt([text, weekText, keptMark]: [string, string, string]): void {
  const w = window as unknown as { __promptAt?: number; __liveAt?: number; __weekAt?: number; __spinnerAt?: number };
  const painted = (key: '__promptAt' | '__liveAt' | '__weekAt') => {
    w[key] = -1;
    requestAnimationFrame(() => (w[key] = performance.now()));
  };
  const observer = new MutationObserver(() => {
    // The page's words, not its scripts' (index.html's inline script is in the body).
    let content = '';
    for (const child of document.body?.children ?? []) if (child.tagName !== 'SCRIPT') content += child.textContent;
    const prompted = content.includes(text);
    // A spinner that comes with the prompt (home's week on its way) is part of home, not a wait before it.
    if (!prompted && w.__spinnerAt === undefined && document.querySelector('[role="progressbar"]'))
      w.__spinnerAt = performance.now();
    if (prompted && w.__promptAt === undefined) painted('__promptAt');
    if (prompted && w.__liveAt === undefined && !document.querySelector(`[${keptMark}]`)) painted('__liveAt');
    if (w.__weekAt === undefined && content.includes(weekText)) painted('__weekAt');
    if (w.__liveAt !== undefined && w.__weekAt !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

interface Pending {
  url: string;
  sentAt: number;
  mimeType?: string;
  headerBytes?: number;
  encoding?: string;
  fromCache?: boolean;
}

/** Network events of one page over CDP: every finished request with its sizes and times (CDP's monotonic seconds). */
function recordNetwork(cdp: CDPSession) {
  const pending = new Map<string, Pending>();
  const servedFromCache = new Set<string>();
  const finished: Array<Required<Pending> & { bodyBytes: number; wireBytes: number; endAt: number }> = [];
  let navigationAt: number | null = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && navigationAt === null) navigationAt = e.timestamp;
    pending.set(e.requestId, { url: e.request.url, sentAt: e.timestamp });
  });
  cdp.on('Network.requestServedFromCache', (e) => servedFromCache.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    const r = e.response;
    p.mimeType = r.mimeType;
    p.headerBytes = r.encodedDataLength; // bytes received so far: the status line and headers
    const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v]));
    p.encoding = headers['content-encoding'] ?? 'identity';
    // A service worker's answer is a download only when it fetched it from the network itself.
    const fromWorker = r.fromServiceWorker === true && r.serviceWorkerResponseSource !== 'network';
    p.fromCache =
      servedFromCache.has(e.requestId) || r.fromDiskCache === true || r.fromPrefetchCache === true || fromWorker;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId);
    if (!p || p.mimeType === undefined) return;
    const headerBytes = p.headerBytes ?? 0;
    finished.push({
      ...(p as Required<Pending>),
      headerBytes,
      fromCache: p.fromCache ?? false,
      wireBytes: e.encodedDataLength,
      bodyBytes: Math.max(0, e.encodedDataLength - headerBytes),
      endAt: e.timestamp,
    });
  });
  return {
    /** Requests finished so far, their times in ms after the document request was sent. */
    loads: () =>
      finished.map((f) => ({
        ...f,
        startMs: (f.sentAt - (navigationAt ?? f.sentAt)) * 1000,
        endMs: (f.endAt - (navigationAt ?? f.sentAt)) * 1000,
      })),
  };
}

/** A returning user (onboarding done), the page watched for the prompt; nothing else stored, nothing cached. */
async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext(PHONE_CONTEXT);
  await context.addInitScript(([key]) => localStorage.setItem(key!, 'true'), [STORAGE_KEYS.onboardingCompleted]);
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' }); // tsx's keepNames helper
  await context.addInitScript(watchPrompt, [homeCopy.prompt, homeWeekCopy.weekTitle, KEPT_MARK] as [
    string,
    string,
    string,
  ]);
  return context;
}

/**
 * Opens `url` in a new page of `context` on the slow-phone profile and measures it; `cold` empties the browser's
 * cache first. Returns the page too, open, for what the caller does next.
 */
async function openPage(
  context: BrowserContext,
  url: string,
  { cold, week = true, trace }: { cold: boolean; week?: boolean; trace?: string[] | 'cpu' },
) {
  const page = await context.newPage();
  const browser = context.browser()!;
  const cdpProfile = trace === 'cpu';
  if (trace && !cdpProfile) await browser.startTracing(page, { categories: trace });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (cold) await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  const network = recordNetwork(cdp);
  // A CPU profile from the page's first script to the frame of the prompt (console.profile, ended by the page).
  let profile: Promise<Buffer> | null = null;
  if (cdpProfile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    profile = new Promise((resolve) =>
      cdp.on('Profiler.consoleProfileFinished', (e) => resolve(Buffer.from(JSON.stringify(e.profile)))),
    );
    await page.addInitScript(() => {
      console.profile('home');
      const check = () =>
        ((window as unknown as { __promptAt?: number }).__promptAt ?? -1) > 0
          ? console.profileEnd('home')
          : requestAnimationFrame(check);
      requestAnimationFrame(check);
    });
  }

  await page.goto(url, { waitUntil: 'commit' });
  const ready = (key: '__promptAt' | '__liveAt' | '__weekAt') =>
    page.waitForFunction((k) => ((window as unknown as Record<string, number | undefined>)[k] ?? -1) > 0, key, {
      timeout: 60_000,
      polling: 100,
    });
  await ready('__promptAt');
  await ready('__liveAt');
  // The week (home's only): long enough for the summary's answer on this profile, not a condition of the run.
  if (week) await ready('__weekAt').catch(() => {});
  const marks = await page.evaluate(() => {
    const w = window as unknown as { __promptAt: number; __liveAt: number; __weekAt?: number; __spinnerAt?: number };
    return {
      promptMs: w.__promptAt,
      liveMs: w.__liveAt,
      weekMs: (w.__weekAt ?? -1) > 0 ? w.__weekAt! : null,
      spinnerMs: w.__spinnerAt ?? null,
      serviceWorker: navigator.serviceWorker?.controller != null,
    };
  });
  const traced = profile ? await profile : trace ? await browser.stopTracing() : null;
  const loads = network.loads();
  const scripts = loads
    .filter((l) => /javascript/.test(l.mimeType) && l.endMs <= marks.promptMs)
    .map((l): ScriptLoad => ({
      url: new URL(l.url).pathname,
      bodyBytes: l.bodyBytes,
      wireBytes: l.wireBytes,
      encoding: l.encoding,
      fromCache: l.fromCache,
      startMs: round(l.startMs),
      endMs: round(l.endMs),
    }))
    .sort((a, b) => a.startMs - b.startMs);
  const timing = (path: string): Timing | null => {
    const l = loads.find((x) => new URL(x.url).pathname === path);
    return l ? { startMs: round(l.startMs), endMs: round(l.endMs) } : null;
  };
  const run: HomeLoadRun = {
    promptMs: round(marks.promptMs),
    liveMs: round(marks.liveMs),
    weekMs: marks.weekMs === null ? null : round(marks.weekMs),
    spinnerMs: marks.spinnerMs === null ? null : round(marks.spinnerMs),
    scripts,
    jsKb: round(scripts.reduce((sum, s) => sum + s.bodyBytes, 0) / 1024),
    jsWireKb: round(scripts.reduce((sum, s) => sum + s.wireBytes, 0) / 1024),
    downloaded: scripts.filter((s) => !s.fromCache).length,
    authRequest: timing('/api/users/me'),
    summaryRequest: timing('/api/home/summary'),
    serviceWorker: marks.serviceWorker,
  };
  return { page, run, trace: traced };
}

/** A cold open in a fresh context (empty cache, nothing stored but the onboarding flag); `week`: home's to wait for. */
export async function openHomeCold(
  browser: Browser,
  url: string,
  week = true,
  trace?: string[] | 'cpu',
): Promise<{ run: HomeLoadRun; trace: Buffer | null }> {
  const context = await phoneContext(browser);
  try {
    const { run, trace: traced } = await openPage(context, url, { cold: true, week, trace });
    return { run, trace: traced };
  } finally {
    await context.close();
  }
}

/**
 * The return visit: a first open, left until its service worker is active and home's week is kept on the device
 * (as after any real visit), closed; then the same launch opened again in the same context, its cache warm.
 */
export async function openHomeWarm(
  browser: Browser,
  url: string,
  telegramId: number,
  trace?: string[] | 'cpu',
  /** Opens before the measured one that are measured too (the probe's third open). */
  more = 0,
): Promise<{ run: HomeLoadRun; trace: Buffer | null; more: HomeLoadRun[] }> {
  const context = await phoneContext(browser);
  try {
    const first = await openPage(context, url, { cold: true });
    await first.page.waitForFunction(
      (keys) => keys.every((key) => localStorage.getItem(key) !== null),
      [summaryStorageKey(telegramId), shellStorageKey(telegramId)],
      { timeout: 30_000, polling: 100 },
    );
    // Registered once the page is idle (src/offline/registerShell.ts); a browser without it simply goes without.
    await first.page
      .evaluate(() =>
        Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((r) => setTimeout(r, 20_000))]),
      )
      .catch(() => {});
    await first.page.close();
    const before: HomeLoadRun[] = [];
    for (let i = 0; i < more; i++) {
      const open = await openPage(context, url, { cold: false });
      before.push(open.run);
      await open.page.close();
    }
    const { run, trace: traced } = await openPage(context, url, { cold: false, trace });
    return { run, trace: traced, more: before };
  } finally {
    await context.close();
  }
}

const ms = (n: number | null) => (n === null ? '—' : `${n.toFixed(0)} ms`);
const timing = (t: Timing | null) => (t ? `${t.startMs.toFixed(0)} → ${t.endMs.toFixed(0)} ms` : '—');

function printScripts(title: string, run: HomeLoadRun): void {
  console.log(`  ${title}: sent → finished, body on the wire`);
  for (const s of run.scripts) {
    const body = s.fromCache ? 'cache'.padStart(10) : `${(s.bodyBytes / 1024).toFixed(1).padStart(7)} KB`;
    console.log(
      `  ${s.startMs.toFixed(0).padStart(6)} → ${s.endMs.toFixed(0).padStart(5)} ms ${body} ${s.encoding.padEnd(8)} ${s.url}`,
    );
  }
  console.log(`  ${timing(run.authRequest).padStart(16)}             GET /api/users/me`);
  console.log(`  ${timing(run.summaryRequest).padStart(16)}             GET /api/home/summary`);
}

function printRuns(title: string, runs: HomeLoadRun[]): void {
  console.log(`\n  ${title}`);
  console.log(
    "  run   prompt   React's home   week painted   spinner before   JS on the wire (with headers)   scripts (downloaded)   /api/users/me   /api/home/summary",
  );
  runs.forEach((run, i) => {
    console.log(
      `  ${String(i + 1).padStart(3)} ${ms(run.promptMs).padStart(8)} ${ms(run.liveMs).padStart(14)} ${ms(run.weekMs).padStart(14)} ${ms(run.spinnerMs).padStart(16)}` +
        `   ${run.jsKb.toFixed(1).padStart(8)} KB (${run.jsWireKb.toFixed(1)} KB)  ${String(run.scripts.length).padStart(12)} (${run.downloaded})` +
        `  ${timing(run.authRequest).padStart(16)}  ${timing(run.summaryRequest).padStart(16)}${run.serviceWorker ? '  (service worker)' : ''}`,
    );
  });
}

function printReport(r: HomeLoadResult, bareKb: number, stackKb: number): void {
  const phone = `${SLOW_PHONE.cpuSlowdown}× CPU, 1.6 Mbit/s down, 750 kbit/s up, ${SLOW_PHONE.network.latency} ms round trip`;
  console.log(`\n/app/home in Chromium on a slow phone (${phone})`);
  printScripts('cold, scripts before the prompt (last run)', r.cold.at(-1)!);
  printScripts('warm, scripts before the prompt (last run)', r.warm.at(-1)!);
  printRuns('cold /app/home, signed launch parameters, empty cache', r.cold);
  printRuns(`bare React 19 page (one script, ${bareKb.toFixed(1)} KB brotli), empty cache`, r.bare);
  printRuns(
    `stack page: the app's libraries alone (one script, ${stackKb.toFixed(1)} KB brotli), empty cache`,
    r.stack,
  );
  printRuns('return visit: second open in the same context, warm cache, the week kept on the device', r.warm);
  const steal = r.stealPct === null ? 'unknown' : `${r.stealPct} %`;
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
  console.log(
    `\n  cold: median ${r.medianMs.toFixed(0)} ms to the prompt, bare React ${r.bareMedianMs.toFixed(0)} ms → ${r.ratio.toFixed(2)}× ` +
      `(budget ≤ ${HOME_LOAD_BUDGET_RATIO}×: ${verdict(r.ratio <= HOME_LOAD_BUDGET_RATIO)})` +
      `\n        the stack page ${r.stackMedianMs.toFixed(0)} ms → ${r.stackRatio.toFixed(2)}× the bare page; home is ` +
      `${(r.medianMs / r.stackMedianMs).toFixed(2)}× the stack page` +
      `\n        ${r.medianScripts} scripts (budget ≤ ${HOME_SCRIPTS_BUDGET}: ${verdict(r.medianScripts <= HOME_SCRIPTS_BUDGET)}), ` +
      `${r.medianJsKb.toFixed(1)} KB of JavaScript on the wire (budget ≤ ${HOME_JS_BUDGET_KB} KB: ${verdict(r.medianJsKb <= HOME_JS_BUDGET_KB)})` +
      `\n  warm: median ${r.warmMedianMs.toFixed(0)} ms to the prompt (budget ≤ ${WARM_HOME_BUDGET_MS} ms: ${verdict(r.warmMedianMs <= WARM_HOME_BUDGET_MS)}), ` +
      `${r.warmLiveMedianMs.toFixed(0)} ms to React's home, ` +
      `${r.warmDownloaded} scripts downloaded again over all runs (budget 0: ${verdict(r.warmDownloaded === 0)})` +
      `\n  → ${r.withinBudget ? 'within budget' : 'OVER BUDGET'} (CPU steal ${steal}, load average ${loadAverage()})`,
  );
}

export async function benchHomeLoad(): Promise<HomeLoadResult> {
  const build = (outDir: string) => buildClient(ROOT, outDir);
  const bare = await serveBareReact(homeCopy.prompt);
  const stack = await serveStackPage(homeCopy.prompt);
  try {
    return await withBrowserApp({ name: 'home-load', botToken: BOT_TOKEN, build }, async ({ url: server, browser }) => {
      const url = launchUrl(
        { url: server },
        { path: paths.home, initData: signInitData(USER, { botToken: BOT_TOKEN }) },
      );
      await openHomeCold(browser, url); // warm-up: the server's JIT and the user's row
      await openHomeCold(browser, bare.url, false);
      await openHomeCold(browser, stack.url, false);
      const measured = await withSteal(async () => {
        const runs = {
          cold: [] as HomeLoadRun[],
          bare: [] as HomeLoadRun[],
          stack: [] as HomeLoadRun[],
          warm: [] as HomeLoadRun[],
        };
        // Interleaved, so a change of the machine's load falls on all four alike.
        for (let i = 0; i < RUNS; i++) {
          runs.cold.push((await openHomeCold(browser, url)).run);
          runs.bare.push((await openHomeCold(browser, bare.url, false)).run);
          runs.stack.push((await openHomeCold(browser, stack.url, false)).run);
          runs.warm.push((await openHomeWarm(browser, url, USER.id)).run);
        }
        return runs;
      });
      const medianMs = median(measured.cold.map((r) => r.promptMs));
      const bareMedianMs = median(measured.bare.map((r) => r.promptMs));
      const ratio = Math.round((medianMs / bareMedianMs) * 100) / 100;
      const stackMedianMs = median(measured.stack.map((r) => r.promptMs));
      const stackRatio = Math.round((stackMedianMs / bareMedianMs) * 100) / 100;
      const medianJsKb = median(measured.cold.map((r) => r.jsKb));
      const medianScripts = median(measured.cold.map((r) => r.scripts.length));
      const warmMedianMs = median(measured.warm.map((r) => r.promptMs));
      const warmLiveMedianMs = median(measured.warm.map((r) => r.liveMs));
      const warmDownloaded = measured.warm.reduce((n, r) => n + r.downloaded, 0);
      const result: HomeLoadResult = {
        ...measured,
        medianMs,
        bareMedianMs,
        ratio,
        stackMedianMs,
        stackRatio,
        medianJsKb,
        medianScripts,
        warmMedianMs,
        warmLiveMedianMs,
        warmDownloaded,
        withinBudget:
          ratio <= HOME_LOAD_BUDGET_RATIO &&
          medianJsKb <= HOME_JS_BUDGET_KB &&
          medianScripts <= HOME_SCRIPTS_BUDGET &&
          warmMedianMs <= WARM_HOME_BUDGET_MS &&
          warmDownloaded === 0,
      };
      printReport(result, bare.scriptBrotliBytes / 1024, stack.scriptBrotliBytes / 1024);
      return result;
    });
  } finally {
    await bare.close();
    await stack.close();
  }
}

runIfMain(import.meta.url, benchHomeLoad);
