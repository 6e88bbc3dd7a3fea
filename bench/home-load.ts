/**
 * First load on a slow phone: a cold open of /app/home — fresh browser context, empty cache, signed launch
 * parameters in the hash as Telegram passes them, a returning user (onboarding done) — until «Как вы себя чувствуете
 * сегодня?» is on screen, in Chromium throttled to a slow phone: 4× CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up,
 * 150 ms round trip (CDP Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions).
 * Budgets: median of 5 runs ≤ 2.0 s to the prompt, ≤ 130 KB of JavaScript on the wire before it.
 * Builds the production client into a temp dir (server/start/client-build.ts, the rule `npm start` uses) and serves it
 * with the real app in-process on loopback (bench/browser-app.ts); one unmeasured warm-up run first (server JIT, the
 * user's row). Prints every run and the median; exits non-zero only when the measurement itself fails.
 * Run alone: `npx tsx bench/home-load.ts`.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { paths } from '../machines/paths';
import { buildClient, ROOT } from '../server/start/client-build';
import { homeCopy } from '../src/copy/home';
import { STORAGE_KEYS } from '../src/telegram/storage';
import { PHONE_CONTEXT, launchUrl, signInitData } from '../tests/e2e/harness';
import { withBrowserApp } from './browser-app';
import { loadAverage, runIfMain, withSteal } from './support';

export const HOME_LOAD_BUDGET_MS = 2000;
export const HOME_JS_BUDGET_KB = 130;
const RUNS = 5;
const BOT_TOKEN = '7000000004:home-load-bench-token';
const USER = { id: 9_300_001, first_name: 'Вера', language_code: 'ru' };

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
  /** Request sent and loading finished, ms after the navigation started. */
  startMs: number;
  endMs: number;
}

export interface HomeLoadRun {
  /** Navigation start → the prompt painted (the frame after it entered the DOM). */
  promptMs: number;
  /** When a spinner (splash or Suspense fallback) first showed before the prompt; null: none did. */
  spinnerMs: number | null;
  /** Scripts that finished loading before the prompt. */
  scripts: ScriptLoad[];
  /** Their bodies as sent (the budget's figure), and the same with the response headers. */
  jsKb: number;
  jsWireKb: number;
  /** When GET /api/users/me was sent and answered, ms after the navigation started. */
  authRequest: { startMs: number; endMs: number } | null;
}

export interface HomeLoadResult {
  runs: HomeLoadRun[];
  medianMs: number;
  medianJsKb: number;
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
 * then the next animation frame), and when a spinner (the splash's or a screen's Suspense fallback) first appeared
 * before it. performance.now() counts from the navigation's start.
 */
function watchPrompt(text: string): void {
  const w = window as unknown as { __promptAt?: number; __spinnerAt?: number };
  const observer = new MutationObserver(() => {
    const prompted = document.body?.textContent?.includes(text) ?? false;
    // A spinner that comes with the prompt (home's week on its way) is part of home, not a wait before it.
    if (!prompted && w.__spinnerAt === undefined && document.querySelector('[role="progressbar"]'))
      w.__spinnerAt = performance.now();
    if (w.__promptAt !== undefined || !prompted) return;
    w.__promptAt = -1;
    observer.disconnect();
    requestAnimationFrame(() => (w.__promptAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

interface Pending {
  url: string;
  sentAt: number;
  mimeType?: string;
  headerBytes?: number;
  encoding?: string;
}

/** Network events of one page over CDP: every finished request with its sizes and times (CDP's monotonic seconds). */
function recordNetwork(cdp: CDPSession) {
  const pending = new Map<string, Pending>();
  const finished: Array<Required<Pending> & { bodyBytes: number; wireBytes: number; endAt: number }> = [];
  let navigationAt: number | null = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && navigationAt === null) navigationAt = e.timestamp;
    pending.set(e.requestId, { url: e.request.url, sentAt: e.timestamp });
  });
  cdp.on('Network.responseReceived', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    p.mimeType = e.response.mimeType;
    p.headerBytes = e.response.encodedDataLength; // bytes received so far: the status line and headers
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    p.encoding = headers['content-encoding'] ?? 'identity';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId);
    if (!p || p.mimeType === undefined) return;
    const headerBytes = p.headerBytes ?? 0;
    finished.push({
      ...(p as Required<Pending>),
      headerBytes,
      wireBytes: e.encodedDataLength,
      bodyBytes: e.encodedDataLength - headerBytes,
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

export async function openHomeCold(browser: Browser, url: string): Promise<HomeLoadRun> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    // A returning user: onboarding done (else /app/home leads to onboarding); nothing else stored, nothing cached.
    await context.addInitScript(([key]) => localStorage.setItem(key!, 'true'), [STORAGE_KEYS.onboardingCompleted]);
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' }); // tsx's keepNames helper
    await context.addInitScript(watchPrompt, homeCopy.prompt);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    const network = recordNetwork(cdp);

    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => ((window as unknown as { __promptAt?: number }).__promptAt ?? -1) > 0, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    const { promptMs, spinnerMs } = await page.evaluate(() => {
      const w = window as unknown as { __promptAt: number; __spinnerAt?: number };
      return { promptMs: w.__promptAt, spinnerMs: w.__spinnerAt ?? null };
    });
    const loads = network.loads();
    const scripts = loads
      .filter((l) => /javascript/.test(l.mimeType) && l.endMs <= promptMs)
      .map((l): ScriptLoad => ({
        url: new URL(l.url).pathname,
        bodyBytes: l.bodyBytes,
        wireBytes: l.wireBytes,
        encoding: l.encoding,
        startMs: round(l.startMs),
        endMs: round(l.endMs),
      }))
      .sort((a, b) => a.startMs - b.startMs);
    const auth = loads.find((l) => new URL(l.url).pathname === '/api/users/me');
    return {
      promptMs: round(promptMs),
      spinnerMs: spinnerMs === null ? null : round(spinnerMs),
      scripts,
      jsKb: round(scripts.reduce((sum, s) => sum + s.bodyBytes, 0) / 1024),
      jsWireKb: round(scripts.reduce((sum, s) => sum + s.wireBytes, 0) / 1024),
      authRequest: auth ? { startMs: round(auth.startMs), endMs: round(auth.endMs) } : null,
    };
  } finally {
    await context.close();
  }
}

function printReport(r: HomeLoadResult): void {
  const phone = `${SLOW_PHONE.cpuSlowdown}× CPU, 1.6 Mbit/s down, 750 kbit/s up, ${SLOW_PHONE.network.latency} ms round trip`;
  console.log(`\nFirst load of /app/home, cold, in Chromium on a slow phone (${phone})`);
  const last = r.runs.at(-1)!;
  console.log('  scripts before the prompt (last run): sent → finished, body on the wire');
  for (const s of last.scripts) {
    console.log(
      `  ${s.startMs.toFixed(0).padStart(6)} → ${s.endMs.toFixed(0).padStart(5)} ms ${(s.bodyBytes / 1024).toFixed(1).padStart(7)} KB ${s.encoding.padEnd(8)} ${s.url}`,
    );
  }
  if (last.authRequest) {
    console.log(
      `  ${last.authRequest.startMs.toFixed(0).padStart(6)} → ${last.authRequest.endMs.toFixed(0).padStart(5)} ms             GET /api/users/me`,
    );
  }
  console.log(
    '\n  run  prompt on screen  spinner before it  JS on the wire (with headers)  scripts  /api/users/me sent → answered',
  );
  r.runs.forEach((run, i) => {
    const auth = run.authRequest
      ? `${run.authRequest.startMs.toFixed(0)} → ${run.authRequest.endMs.toFixed(0)} ms`
      : '—';
    console.log(
      `  ${String(i + 1).padStart(3)}  ${run.promptMs.toFixed(0).padStart(12)} ms  ${(run.spinnerMs === null ? 'none' : `${run.spinnerMs.toFixed(0)} ms`).padStart(17)}` +
        `  ${run.jsKb.toFixed(1).padStart(8)} KB (${run.jsWireKb.toFixed(1)} KB)  ${String(run.scripts.length).padStart(13)}  ${auth}`,
    );
  });
  const steal = r.stealPct === null ? 'unknown' : `${r.stealPct} %`;
  console.log(
    `\n  median ${r.medianMs.toFixed(0)} ms to the prompt (budget ≤ ${HOME_LOAD_BUDGET_MS} ms), ${r.medianJsKb.toFixed(1)} KB of JavaScript ` +
      `on the wire before it (budget ≤ ${HOME_JS_BUDGET_KB} KB) → ${r.withinBudget ? 'within budget' : 'OVER BUDGET'} (CPU steal ${steal}, load average ${loadAverage()})`,
  );
}

export async function benchHomeLoad(): Promise<HomeLoadResult> {
  const build = (outDir: string) => buildClient(ROOT, outDir);
  return withBrowserApp({ name: 'home-load', botToken: BOT_TOKEN, build }, async ({ url: server, browser }) => {
    const url = launchUrl({ url: server }, { path: paths.home, initData: signInitData(USER, { botToken: BOT_TOKEN }) });
    await openHomeCold(browser, url); // warm-up: the server's JIT and the user's row
    const measured = await withSteal(async () => {
      const runs: HomeLoadRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await openHomeCold(browser, url));
      return { runs };
    });
    const medianMs = median(measured.runs.map((r) => r.promptMs));
    const medianJsKb = median(measured.runs.map((r) => r.jsKb));
    const result: HomeLoadResult = {
      ...measured,
      medianMs,
      medianJsKb,
      withinBudget: medianMs <= HOME_LOAD_BUDGET_MS && medianJsKb <= HOME_JS_BUDGET_KB,
    };
    printReport(result);
    return result;
  });
}

runIfMain(import.meta.url, benchHomeLoad);
