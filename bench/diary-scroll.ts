/**
 * Diary list smoothness: "the list screen stays smooth while scrolling through 500 loaded entries (no full
 * re-render of the list on each page)", measured in a real Chromium.
 * Builds the client for production into a temp dir, runs the real app in-process on loopback on PGlite in a temp
 * DATA_DIR with one PRO user and 520 entries, opens /app/diary at 390×844 and scrolls to the end page by page
 * (26 pages of 20), then wheels through the whole list top → bottom, and the same over 500 static divs as the
 * same-run baseline. Prints a table and a verdict; exits non-zero only when the measurement itself fails.
 * Run alone: `npx tsx bench/diary-scroll.ts`. Method and figures: docs/diary.md, "Scrolling 500 entries in Chromium".
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { DIARY_PAGE_SIZE, MOODS } from '../contract/constants';
import { paths } from '../machines/paths';
import type { buildApp } from '../server/app';
import { ROOT } from '../server/start/client-build';
import type { Database } from '../server/db';
import { diaryCounters, diaryEntries, subscriptions, users } from '../server/db/schema';
import { asUser } from '../server/privacy/user-keys';
import { STORAGE_KEYS } from '../src/telegram/storage';
import { PHONE_CONTEXT, launchUrl, signInitData } from '../tests/e2e/harness';
import * as probe from './diary-scroll-probe';
import { cpuDuring, mainThreadTasks, TRACE_CATEGORIES, type TracedTask } from './diary-scroll-trace';
import { withBrowserApp } from './browser-app';
import { loadAverage, runIfMain } from './support';

const BOT_TOKEN = '7000000003:diary-scroll-bench-token';
const USER = { id: 9_200_001, first_name: 'Вера', language_code: 'ru' };
const ENTRIES = 520; // 26 pages: the 500 of the budget and one page more
const CARD = '[data-testid="diary-card"]';
const WHEEL_PX = 100; // one notch of a mouse wheel
const WHEEL_CHUNK_STEPS = 50;
/** Frame p95 while wheeling through the list may be at most this multiple of the static page's. */
export const FRAME_P95_RATIO_BUDGET = 1.5;
const LONG_TASK_MS = 50;
const LATE_FRAME_MS = 25; // 1.5 frames at 60 Hz: the frame missed its vsync

type Interval = { from: number; to: number };
/** cpuMs null: the trace has no task for it (judged by its wall time then). */
type LongTask = { wallMs: number; cpuMs: number | null };

interface PageRow {
  page: number;
  cards: number;
  added: number;
  recreated: number;
  changed: number;
  /** GET /api/diary/list responseEnd → the page's cards in the DOM. */
  responseToDomMs: number;
  /** Main-thread CPU in that interval: the append's own cost, whatever else the machine runs (null: not traced). */
  responseToDomCpuMs: number | null;
  /** The scroll that revealed the end sentinel → the page's cards in the DOM (request + server + render). */
  scrollToDomMs: number;
  /** The longest long task overlapping response → DOM, with its main-thread CPU time; null: none. */
  longTask: LongTask | null;
}

interface FrameStats {
  frames: number;
  steps: number;
  p50: number;
  p95: number;
  max: number;
  over50: number;
  /** Share of frames that missed at least one vsync (delta > LATE_FRAME_MS), in %. */
  latePct: number;
  /** Long tasks during the pass, and how many of them used more than 50 ms of main-thread CPU. */
  longTasks: number;
  longTasksOver50Cpu: number;
}

interface Verdict {
  /** Already-loaded cards re-created or changed by any append (budget 0). */
  touched: number;
  /** Appends during which the main thread ran a task of more than 50 ms CPU (budget 0). */
  appendsWithLongTask: number;
  p95Ratio: number;
  smooth: boolean;
}

export interface DiaryScrollResult {
  pages: PageRow[];
  list: FrameStats;
  baseline: FrameStats;
  /** Cards the filter switch re-created: the detector seeing a real full re-render. */
  recreatedByFilter: number;
  verdict: Verdict;
}

const round = (n: number) => Math.round(n * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const overlaps = (t: { start: number; duration: number }, w: Interval) =>
  t.start < w.to && t.start + t.duration > w.from;

/** Production client into its own dir: dist/ belongs to `npm start` and the e2e runs. */
function buildClient(outDir: string): void {
  const res = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (res.status !== 0) throw new Error('[bench diary-scroll] vite build failed');
}

/** The user through the real auth hook, PRO by hand (as support would grant it), entries and their counter row. */
async function seed(database: Database, app: Awaited<ReturnType<typeof buildApp>>, initData: string): Promise<void> {
  const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: { 'X-Init-Data': initData } });
  if (res.statusCode !== 200) throw new Error(`[bench diary-scroll] user not created: ${res.statusCode} ${res.body}`);
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.telegramId, USER.id));
  if (!user) throw new Error('[bench diary-scroll] user row missing');
  await database.db
    .insert(subscriptions)
    .values({ userId: user.id, tier: 'PRO', expiresAt: new Date(Date.now() + 30 * 86_400_000), source: 'manual' });
  // Cards of realistic variety: every 7th untitled, one to six sentences (the card clamps to three lines).
  const now = Date.now();
  const rows = Array.from({ length: ENTRIES }, (_, i) => ({
    userId: user.id,
    title: i % 7 === 3 ? null : `Запись ${ENTRIES - i}`,
    content: 'Сегодня был спокойный день, я много гулял и думал о хорошем. '.repeat(1 + (i % 6)).trim(),
    mood: i % 6 === 5 ? null : MOODS[i % MOODS.length]!,
    isFavorite: i % 10 === 0,
    createdAt: new Date(now - i * 3_600_000),
  }));
  // The sealed columns are written in the user's scope (their data key), as a request writes them.
  await asUser(database.db, user.id, async () => await database.db.insert(diaryEntries).values(rows));
  // Rows written outside the API get their counter row the way the API keeps it.
  await database.db
    .insert(diaryCounters)
    .values({ userId: user.id, total: ENTRIES, favorites: rows.filter((r) => r.isFavorite).length });
}

/** A phone-sized context whose pages start with onboarding done and the probe installed. */
async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE_CONTEXT);
  // tsx compiles with esbuild's keepNames, which wraps named functions in `__name(…)`; the probe's functions are
  // serialised into the page, where that helper does not exist.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(([key]) => localStorage.setItem(key!, 'true'), [STORAGE_KEYS.onboardingCompleted]);
  await context.addInitScript(probe.installProbe);
  return context.newPage();
}

/** The same-run baseline: `count` plain divs of the list's own pitch and width, nothing else on the page. */
function staticPageHtml(count: number, { height, gap }: { height: number; gap: number }): string {
  const rows = Array.from({ length: count }, (_, i) => `<div class="row">Строка ${i + 1}</div>`).join('');
  return (
    '<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><style>' +
    `body{margin:0;padding:16px 16px 24px;display:flex;flex-direction:column;gap:${gap}px;font-family:sans-serif}` +
    `.row{height:${height}px;background:#efeff3;border-radius:12px}</style>${rows}`
  );
}

/**
 * The detector must be able to fail: replacing one loaded card with a copy must count one re-created card, an
 * attribute set inside another one changed card. Throws otherwise (the figures above would mean nothing).
 */
async function checkDetector(page: Page): Promise<void> {
  await page.evaluate(probe.markLoaded);
  await page.evaluate((sel) => {
    const [a, b] = document.querySelectorAll(sel);
    a!.replaceWith(a!.cloneNode(true));
    b!.firstElementChild!.setAttribute('data-bench', '1');
  }, CARD);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  const c = await page.evaluate(probe.readCounters);
  if (c.removedKnown !== 1 || c.changedKnown !== 1) {
    throw new Error(
      `[bench diary-scroll] detector check: expected 1 re-created + 1 changed card, got ${c.removedKnown} + ${c.changedKnown}`,
    );
  }
}

/** A real full re-render for contrast: switching the filter replaces the list, and the detector must see it. */
async function filterSwitchRecreates(page: Page): Promise<number> {
  const loaded = await page.evaluate(probe.markLoaded);
  await page.getByRole('button', { name: 'Избранное', exact: true }).click();
  await page.waitForFunction(
    ([sel, n]) => {
      const count = document.querySelectorAll(sel as string).length;
      return count > 0 && count < (n as number);
    },
    [CARD, loaded],
    { timeout: 20_000 },
  );
  return (await page.evaluate(probe.readCounters)).removedKnown;
}

/** The page's long tasks (PerformanceObserver) in `intervals`, each with the main thread's CPU time from the trace. */
async function longTasksIn(page: Page, tasks: TracedTask[], intervals: Interval[]): Promise<LongTask[]> {
  const all = await page.evaluate(() => window.__diaryScroll.longTasks);
  return all
    .filter((t) => intervals.some((i) => overlaps(t, i)))
    .map((t) => {
      const cpu = cpuDuring(tasks, t);
      return { wallMs: round(t.duration), cpuMs: cpu === null ? null : round(cpu) };
    });
}

const cpuOver = (t: LongTask, ms: number) => (t.cpuMs ?? t.wallMs) > ms;

/** Runs `fn` with the browser tracing; each page is marked with its anchor first, for mainThreadTasks(trace, anchor). */
async function traced<T>(
  browser: Browser,
  marks: Array<[Page, string]>,
  fn: () => Promise<T>,
): Promise<{ value: T; trace: Buffer }> {
  await browser.startTracing(marks[0]![0], { categories: TRACE_CATEGORIES });
  for (const [page, anchor] of marks) await page.evaluate((name) => performance.mark(name), anchor);
  const value = await fn();
  return { value, trace: await browser.stopTracing() };
}

/** Scrolls to the last card until every entry is loaded; per appended page its counters and response → DOM window. */
async function loadAllPages(
  page: Page,
): Promise<Array<Omit<PageRow, 'longTask' | 'responseToDomCpuMs'> & { interval: Interval }>> {
  const rows: Array<Omit<PageRow, 'longTask' | 'responseToDomCpuMs'> & { interval: Interval }> = [];
  for (;;) {
    const before = await page.evaluate(probe.markLoaded);
    if (before >= ENTRIES) break;
    const scrolledAt = await page.evaluate(probe.scrollToLastCard, CARD);
    const expected = Math.min(ENTRIES, before + DIARY_PAGE_SIZE);
    await page.waitForFunction(
      ([sel, n]) => document.querySelectorAll(sel as string).length >= (n as number),
      [CARD, expected],
      {
        timeout: 20_000,
      },
    );
    // The render finishes within the task that added the cards; one more frame lets its mutations arrive.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    const c = await page.evaluate(probe.readCounters);
    const responses = await page.evaluate(() => window.__diaryScroll.listResponses);
    const response = responses.findLast((r) => r.skip === before);
    if (!response) throw new Error(`[bench diary-scroll] no GET /api/diary/list?skip=${before} seen`);
    rows.push({
      page: rows.length + 2,
      cards: c.count,
      added: c.added,
      recreated: c.removedKnown,
      changed: c.changedKnown,
      responseToDomMs: round(c.lastAddedAt - response.responseEnd),
      scrollToDomMs: round(c.lastAddedAt - scrolledAt),
      interval: { from: response.responseEnd, to: c.lastAddedAt },
    });
  }
  return rows;
}

/** A page wheeled from the top to its last `selector` element, a chunk at a time. */
interface WheelRun {
  page: Page;
  selector: string;
  anchor: string;
  steps: number;
  stuck: number;
  y: number;
  atEnd: boolean;
  deltas: number[];
  intervals: Interval[];
}

async function wheelFromTop(page: Page, selector: string, anchor: string): Promise<WheelRun> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(195, 422);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300))); // the jump to the top settles first
  const at = await page.evaluate(probe.afterFrame, selector);
  return { page, selector, anchor, steps: 0, stuck: 0, ...at, deltas: [], intervals: [] };
}

/** Up to WHEEL_CHUNK_STEPS notches, one per frame, recording the rAF deltas meanwhile. */
async function wheelChunk(run: WheelRun): Promise<void> {
  // Wheel events to a page that is not in front crawl (one notch in seconds); a frame passes before measuring.
  await run.page.bringToFront();
  await run.page.evaluate(probe.afterFrame, run.selector);
  await run.page.evaluate(probe.startFrames);
  for (let i = 0; i < WHEEL_CHUNK_STEPS && !run.atEnd; i++) {
    await run.page.mouse.wheel(0, WHEEL_PX);
    const now = await run.page.evaluate(probe.afterFrame, run.selector);
    run.steps++;
    run.stuck = now.y === run.y ? run.stuck + 1 : 0;
    if (run.stuck > 60)
      throw new Error(`[bench diary-scroll] the wheel stopped scrolling at y=${now.y} after ${run.steps} steps`);
    Object.assign(run, now);
  }
  const t = await run.page.evaluate(probe.stopFrames);
  run.deltas.push(...t.slice(1).map((v, i) => v - t[i]!));
  if (t.length > 1) run.intervals.push({ from: t[0]!, to: t.at(-1)! });
}

/**
 * The pages wheeled top → bottom in alternating chunks, traced: a burst of load on this shared machine then falls
 * on both, not on whichever pass happened to run during it.
 */
async function wheelInterleaved(
  browser: Browser,
  list: WheelRun,
  baseline: WheelRun,
): Promise<[FrameStats, FrameStats]> {
  const runs = [list, baseline];
  const { trace } = await traced(
    browser,
    runs.map((r) => [r.page, r.anchor]),
    async () => {
      while (runs.some((r) => !r.atEnd)) for (const r of runs) if (!r.atEnd) await wheelChunk(r);
    },
  );
  const stats = async (r: WheelRun): Promise<FrameStats> => {
    const tasks = await longTasksIn(r.page, mainThreadTasks(trace, r.anchor), r.intervals);
    const sorted = [...r.deltas].sort((a, b) => a - b);
    return {
      frames: r.deltas.length,
      steps: r.steps,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      max: round(sorted.at(-1) ?? 0),
      over50: r.deltas.filter((d) => d > LONG_TASK_MS).length,
      latePct: round((100 * r.deltas.filter((d) => d > LATE_FRAME_MS).length) / Math.max(1, r.deltas.length)),
      longTasks: tasks.length,
      longTasksOver50Cpu: tasks.filter((t) => cpuOver(t, LONG_TASK_MS)).length,
    };
  };
  return [await stats(list), await stats(baseline)];
}

const p50 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Theil–Sen line (median of pairwise slopes): one append slowed by the machine does not tilt it. */
function theilSen(points: Array<[number, number]>): { at: (x: number) => number } {
  const slopes: number[] = [];
  for (const [i, [xi, yi]] of points.entries())
    for (const [xj, yj] of points.slice(i + 1)) if (xj !== xi) slopes.push((yj - yi) / (xj - xi));
  const slope = p50(slopes);
  const intercept = p50(points.map(([x, y]) => y - slope * x));
  return { at: (x) => intercept + slope * x };
}

function judge(pages: PageRow[], list: FrameStats, baseline: FrameStats): Verdict {
  const touched = pages.reduce((sum, p) => sum + p.recreated + p.changed, 0);
  const appendsWithLongTask = pages.filter((p) => p.longTask && cpuOver(p.longTask, LONG_TASK_MS)).length;
  const p95Ratio = baseline.p95 > 0 ? list.p95 / baseline.p95 : Infinity;
  return {
    touched,
    appendsWithLongTask,
    p95Ratio,
    smooth: touched === 0 && appendsWithLongTask === 0 && p95Ratio <= FRAME_P95_RATIO_BUDGET,
  };
}

const cell = (v: number | string, width: number) => String(v).padStart(width);

function printReport(r: DiaryScrollResult): void {
  console.log('\nDiary list in Chromium (390×844, headless, software rendering): appending pages of 20');
  console.log(
    '  page  cards  added  re-created  changed  response→DOM (wall / CPU)  scroll→DOM  long task (wall / CPU)',
  );
  for (const p of r.pages) {
    const task = p.longTask ? `${p.longTask.wallMs.toFixed(0)} / ${p.longTask.cpuMs?.toFixed(0) ?? '?'} ms` : '—';
    const append = `${p.responseToDomMs.toFixed(0)} / ${p.responseToDomCpuMs?.toFixed(0) ?? '?'} ms`;
    console.log(
      `  ${cell(p.page, 4)}  ${cell(p.cards, 5)}  ${cell(p.added, 5)}  ${cell(p.recreated, 10)}  ${cell(p.changed, 7)}` +
        `  ${cell(append, 24)}  ${cell(p.scrollToDomMs.toFixed(0), 7)} ms  ${cell(task, 22)}`,
    );
  }
  const cpu = r.pages.map((p) => p.responseToDomCpuMs ?? p.responseToDomMs);
  // Re-rendering every loaded card changes no DOM node (the observer cannot see it) but makes appends grow costlier.
  const line = theilSen(r.pages.map((p) => [p.page, p.responseToDomCpuMs ?? p.responseToDomMs]));
  const [first, last] = [line.at(r.pages[0]!.page), line.at(r.pages.at(-1)!.page)];
  console.log(
    `  response→DOM p50 ${p50(r.pages.map((p) => p.responseToDomMs))} ms wall, ${p50(cpu)} ms CPU; CPU on the line fitted ` +
      `through the appends ${round(first)} ms at the first → ${round(last)} ms at the last (×${(last / first).toFixed(2)})`,
  );
  console.log(
    `\nFrames while wheeling top → bottom (rAF deltas, one ${WHEEL_PX} px notch per frame; the two pages in alternating ` +
      `chunks of ${WHEEL_CHUNK_STEPS} notches)`,
  );
  console.log(
    '  page                     frames  steps  p50 ms  p95 ms  max ms  late >25 ms  >50 ms  long tasks (>50 ms CPU)',
  );
  for (const [name, f] of [
    [`diary list (${r.pages.at(-1)?.cards} cards)`, r.list],
    ['static page (500 divs)', r.baseline],
  ] as const) {
    console.log(
      `  ${name.padEnd(24)}${cell(f.frames, 7)}${cell(f.steps, 7)}${cell(f.p50.toFixed(1), 8)}${cell(f.p95.toFixed(1), 8)}` +
        `${cell(f.max.toFixed(1), 8)}${cell(f.latePct.toFixed(1) + ' %', 13)}${cell(f.over50, 8)}${cell(`${f.longTasks} (${f.longTasksOver50Cpu})`, 24)}`,
    );
  }
  console.log(`\nControl: switching the filter (a real full re-render) re-created ${r.recreatedByFilter} cards.`);
  const v = r.verdict;
  console.log(
    `Budget "smooth at 500 entries": loaded cards re-created/changed by appends ${v.touched} (budget 0); appends with a ` +
      `task over 50 ms CPU ${v.appendsWithLongTask} (budget 0); frame p95 ${r.list.p95} ms = ${v.p95Ratio.toFixed(2)}× the static page ` +
      `(budget ≤ ${FRAME_P95_RATIO_BUDGET}×) → ${v.smooth ? 'within budget' : 'OVER BUDGET'} (load average ${loadAverage()})`,
  );
}

export async function benchDiaryScroll(): Promise<DiaryScrollResult> {
  const initData = signInitData(USER, { botToken: BOT_TOKEN });
  return withBrowserApp(
    {
      name: 'diary-scroll',
      botToken: BOT_TOKEN,
      build: buildClient,
      seed: (app, database) => seed(database, app, initData),
    },
    async ({ url, browser }) => {
      const page = await phonePage(browser);
      await page.goto(launchUrl({ url }, { path: paths.diary, initData }));
      await page.waitForFunction((sel) => document.querySelectorAll(sel).length > 0, CARD, { timeout: 30_000 });
      await page.evaluate(probe.watchCards, CARD);

      const load = await traced(browser, [[page, 'diary-scroll-load']], () => loadAllPages(page));
      const loaded = load.value.at(-1)?.cards ?? 0;
      if (loaded < 500) throw new Error(`[bench diary-scroll] only ${loaded} cards loaded (need 500+)`);
      const loadTasks = mainThreadTasks(load.trace, 'diary-scroll-load');
      const pages: PageRow[] = [];
      for (const { interval, ...row } of load.value) {
        const tasks = await longTasksIn(page, loadTasks, [interval]);
        const cpu = cpuDuring(loadTasks, { start: interval.from, duration: interval.to - interval.from });
        pages.push({
          ...row,
          responseToDomCpuMs: cpu === null ? null : round(cpu),
          longTask: tasks.sort((a, b) => (b.cpuMs ?? b.wallMs) - (a.cpuMs ?? a.wallMs))[0] ?? null,
        });
      }

      // Baseline: plain divs of the cards' pitch, in the same context (same viewport, scale factor, browser).
      const staticTab = await page.context().newPage();
      await staticTab.setContent(staticPageHtml(500, await page.evaluate(probe.visiblePitch, CARD)));
      const [list, baseline] = await wheelInterleaved(
        browser,
        await wheelFromTop(page, CARD, 'diary-scroll-list'),
        await wheelFromTop(staticTab, '.row', 'diary-scroll-static'),
      );
      await staticTab.close();

      const recreatedByFilter = await filterSwitchRecreates(page);
      await checkDetector(page); // last: it detaches a card behind React's back

      const result: DiaryScrollResult = {
        pages,
        list,
        baseline,
        recreatedByFilter,
        verdict: judge(pages, list, baseline),
      };
      printReport(result);
      return result;
    },
  );
}

runIfMain(import.meta.url, benchDiaryScroll);
