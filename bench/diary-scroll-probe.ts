// What bench/diary-scroll.ts runs INSIDE Chromium: observers installed before the app loads, the card-mutation
// counter, and the rAF frame sampler. Every function here is serialised by Playwright and evaluated in the page,
// so each one may use only its arguments, the DOM and `window.__diaryScroll` — never this module's scope.

/** The page-side state, on `window.__diaryScroll`. Times are `performance.now()` milliseconds. */
export interface ProbeState {
  longTasks: Array<{ start: number; duration: number }>;
  /** Every finished GET /api/diary/list, by its `skip`. */
  listResponses: Array<{ skip: number; responseEnd: number }>;
  cards: {
    selector: string;
    /** Cards present when the current page was requested: the "already loaded" ones. */
    known: WeakSet<Element>;
    added: number;
    lastAddedAt: number;
    /** Already-loaded cards detached from the document (a remount re-creates them). */
    removedKnown: number;
    /** Already-loaded cards whose own subtree had an attribute, text or child change. */
    changedKnown: Set<Element>;
  } | null;
  frames: number[] | null;
}

declare global {
  interface Window {
    __diaryScroll: ProbeState;
  }
}

/** Init script: long tasks and list responses from the very first document on, before any app code runs. */
export function installProbe(): void {
  const state: ProbeState = { longTasks: [], listResponses: [], cards: null, frames: null };
  window.__diaryScroll = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[]) {
      const url = new URL(e.name);
      if (url.pathname !== '/api/diary/list') continue;
      state.listResponses.push({ skip: Number(url.searchParams.get('skip') ?? 0), responseEnd: e.responseEnd });
    }
  }).observe({ type: 'resource', buffered: true });
}

/**
 * One MutationObserver on the whole document (so a replaced list container is seen too), reduced to what
 * happens to cards: new cards, and already-loaded cards removed or changed inside.
 */
export function watchCards(selector: string): void {
  const cards: NonNullable<ProbeState['cards']> = {
    selector,
    known: new WeakSet(),
    added: 0,
    lastAddedAt: 0,
    removedKnown: 0,
    changedKnown: new Set(),
  };
  window.__diaryScroll.cards = cards;
  const cardsIn = (node: Node): Element[] =>
    node instanceof Element ? (node.matches(selector) ? [node] : [...node.querySelectorAll(selector)]) : [];
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      const target = r.target instanceof Element ? r.target : r.target.parentElement;
      const host = target?.closest(selector);
      if (host && cards.known.has(host)) cards.changedKnown.add(host);
      if (r.type !== 'childList') continue;
      for (const node of r.removedNodes) for (const c of cardsIn(node)) if (cards.known.has(c)) cards.removedKnown++;
      let added = 0;
      for (const node of r.addedNodes) added += cardsIn(node).length;
      if (added) {
        cards.added += added;
        cards.lastAddedAt = now;
      }
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Starts a new page: the cards now in the DOM become "already loaded"; the counters restart. */
export function markLoaded(): number {
  const cards = window.__diaryScroll.cards!;
  const present = document.querySelectorAll(cards.selector);
  for (const c of present) cards.known.add(c);
  cards.added = 0;
  cards.lastAddedAt = 0;
  cards.removedKnown = 0;
  cards.changedKnown.clear();
  return present.length;
}

export interface PageCounters {
  count: number;
  added: number;
  lastAddedAt: number;
  removedKnown: number;
  changedKnown: number;
}

export function readCounters(): PageCounters {
  const cards = window.__diaryScroll.cards!;
  return {
    count: document.querySelectorAll(cards.selector).length,
    added: cards.added,
    lastAddedAt: cards.lastAddedAt,
    removedKnown: cards.removedKnown,
    changedKnown: cards.changedKnown.size,
  };
}

/** Brings the last card to the top of the viewport, so the end sentinel below it comes into view. */
export function scrollToLastCard(selector: string): number {
  const all = document.querySelectorAll(selector);
  all[all.length - 1]?.scrollIntoView({ block: 'start' });
  return performance.now();
}

/** rAF timestamps until stopFrames(); the deltas between them are the frame times. */
export function startFrames(): void {
  const frames: number[] = [];
  window.__diaryScroll.frames = frames;
  const tick = (t: number) => {
    if (window.__diaryScroll.frames !== frames) return;
    frames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

export function stopFrames(): number[] {
  const frames = window.__diaryScroll.frames ?? [];
  window.__diaryScroll.frames = null;
  return frames;
}

/** After the next frame: the scroll position, and whether the last `selector` element's bottom is in view. */
export function afterFrame(selector: string): Promise<{ y: number; atEnd: boolean }> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const all = document.querySelectorAll(selector);
      const last = all[all.length - 1];
      resolve({ y: window.scrollY, atEnd: !!last && last.getBoundingClientRect().bottom <= window.innerHeight });
    }),
  );
}

/** Height and gap of the cards in the viewport: rendered ones (off-screen cards only have their intrinsic size). */
export function visiblePitch(selector: string): { height: number; gap: number } {
  const rects = [...document.querySelectorAll(selector)]
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.bottom > 0 && r.top < window.innerHeight);
  const gap = rects.length > 1 ? rects[1]!.top - rects[0]!.bottom : 0;
  return { gap, height: rects.reduce((sum, r) => sum + r.height, 0) / Math.max(1, rects.length) };
}
