// Generated paths of the diary list machine, plus the few sequences a graph cannot express on its own.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { diaryListMachine, diaryListView } from '../../machines/diary/diary-list.machine';
import { matchesQuery, serverOffset } from '../../machines/diary/diary-filters';
import type { CheckIn } from '../../contract/checkin';
import type { DiaryEntry, DiaryListQuery, DiaryListResponse } from '../../contract/diary';
import type { DiaryRow } from '../../machines/diary/diary-marks';
import { describeMachinePaths } from '../support/path-tests';
import { entries, makeEntry } from './diary-fixtures';

const NOW = new Date('2025-03-10T12:00:00.000Z');
/** A check-in (home's mood mark) at `minutesAgo` before 12:00 on 2025-03-10 (entry n is n minutes before). */
const mark = (day: string, minutesAgo: number): CheckIn => ({
  day,
  mood: 'good',
  note: null,
  updated_at: new Date(Date.UTC(2025, 2, 10, 12, 0, 0) - minutesAgo * 60_000).toISOString(),
});
// Marks between entries 4 and 5, and (on the last page) after the oldest entry.
const firstPage: DiaryListResponse = { entries: entries(1, 20), total: 25, check_ins: [mark('2025-03-10', 4.5)] };
const lastPage: DiaryListResponse = { entries: entries(21, 25), total: 25, check_ins: [mark('2025-03-09', 30)] };
/** A plan with the diary, no entry yet, a check-in: the list is its mark, not «Дневник пуст». */
const marksOnly: DiaryListResponse = { entries: [], total: 0, check_ins: [mark('2025-03-10', 60)] };
const starred = (from: number, to: number) => entries(from, to).map((e) => ({ ...e, is_favorite: true }));

describeMachinePaths(diaryListMachine, {
  input: { now: () => NOW },
  paths: 'shortest',
  // An empty case list falls back to the bare descriptor; a wildcard must never be sent as such.
  filterEvents: (_s, e) => !e.type.includes('*') && !(e.type === 'FAVORITE.TOGGLE' && !('id' in e)),
  events: {
    'FILTER.SELECT': [
      { type: 'FILTER.SELECT', filter: 'week' },
      { type: 'FILTER.SELECT', filter: 'favorites' },
    ],
    'FAVORITE.TOGGLE': (s) => (s.context.entries.length ? [{ type: 'FAVORITE.TOGGLE', id: 'e1' }] : []),
    // Under «Избранное» the server lists starred entries; a page is what the server would answer for the query.
    'xstate.done.actor.loadFirstPage': (s) => [
      {
        type: 'xstate.done.actor.loadFirstPage',
        output: s.context.filter === 'favorites' ? { entries: starred(1, 20), total: 25 } : firstPage,
      },
      { type: 'xstate.done.actor.loadFirstPage', output: { entries: [], total: 0, check_ins: [] } },
      ...(s.context.filter === 'all' ? [{ type: 'xstate.done.actor.loadFirstPage', output: marksOnly }] : []),
    ],
    'xstate.done.actor.loadNextPage': (s) => [
      {
        type: 'xstate.done.actor.loadNextPage',
        output:
          s.context.filter === 'favorites'
            ? {
                entries: starred(21, 25).slice(20 - serverOffset(s.context.entries, s.context.query)),
                total: s.context.total,
              }
            : lastPage,
      },
    ],
    'xstate.done.actor.favorite.*': (s) => {
      if (!s.context.togglingIds.includes('e1')) return [];
      const e1: DiaryEntry = s.context.entries.find((e: DiaryEntry) => e.id === 'e1') ?? makeEntry(1);
      return [{ type: 'xstate.done.actor.favorite.e1', output: { ...e1, is_favorite: !e1.is_favorite } }];
    },
    'xstate.error.actor.favorite.*': (s) =>
      s.context.togglingIds.includes('e1') ? [{ type: 'xstate.error.actor.favorite.e1', error: new Error('500') }] : [],
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.filter,
      s.context.entries.length,
      s.context.checkIns.length,
      s.context.togglingIds,
      s.context.total,
    ]),
  assert: {
    loading: (s, run) => {
      const last = run.invocations.filter((i) => i.src === 'loadPage').at(-1)!;
      expect(last.id).toBe('loadFirstPage');
      const q = last.input as DiaryListQuery;
      expect(q).toEqual({ skip: 0, limit: 20, ...s.context.query });
      if (s.context.filter === 'week') expect(q.dateFrom).toBe('2025-03-03T12:00:00.000Z');
      if (s.context.filter === 'favorites') expect(q).toEqual({ skip: 0, limit: 20, is_favorite: 'true' });
      if (s.context.filter === 'all') expect(q).toEqual({ skip: 0, limit: 20 });
      expect(s.context.entries).toEqual([]);
      // The spinner, and the chip of the filter being loaded.
      expect(diaryListView(s)).toEqual({
        status: 'loading',
        filter: s.context.filter,
        entries: [],
        rows: [],
        togglingIds: s.context.togglingIds,
        loadingMore: false,
        moreFailed: false,
        hasMore: false,
      });
    },
    'ready.loadingMore': (s, run) => {
      // The next page starts after the loaded entries the server still lists (an un-starred favourite is not).
      const skip = s.context.entries.filter((e: DiaryEntry) => matchesQuery(e, s.context.query)).length;
      expect(run.invocations.filter((i) => i.src === 'loadPage').at(-1)).toMatchObject({
        id: 'loadNextPage',
        input: { skip, limit: 20, ...s.context.query },
      });
      // The spinner at the end; no end-of-list trigger and no retry meanwhile.
      expect(diaryListView(s)).toMatchObject({ status: 'ready', loadingMore: true, moreFailed: false, hasMore: false });
    },
    'ready.moreFailed': (s) => {
      // The loaded cards stay, with the retry button at the end instead of the trigger.
      expect(diaryListView(s)).toMatchObject({ status: 'ready', loadingMore: false, moreFailed: true, hasMore: false });
      expect(diaryListView(s).entries.length).toBeGreaterThan(0);
    },
    ready: (s) => {
      expect(s.context.entries.length + s.context.checkIns.length).toBeGreaterThan(0);
      // Every entry and every mark once, newest first: the marks among the entries by their time.
      const rows = diaryListView(s).rows as DiaryRow[];
      const time = (r: DiaryRow) => (r.kind === 'entry' ? r.entry.created_at : r.checkIn.updated_at);
      expect(rows.map(time)).toEqual(rows.map(time).sort().reverse());
      expect(rows.filter((r) => r.kind === 'entry').map((r) => r.kind === 'entry' && r.entry)).toEqual(
        s.context.entries,
      );
      expect(rows.filter((r) => r.kind === 'checkIn').length).toBe(s.context.checkIns.length);
      expect(new Set(s.context.entries.map((e: DiaryEntry) => e.id)).size).toBe(s.context.entries.length);
      // Favourites: the total follows confirmed toggles (25 starred on the server, minus e1 when un-starred).
      if (s.context.filter === 'favorites') expect(s.context.total).toBe(s.context.entries[0]!.is_favorite ? 25 : 24);
      // The star is disabled exactly for entries whose toggle runs; a second tap spawns nothing.
      for (const id of s.context.togglingIds) expect(s.children[`favorite.${id}`]).toBeDefined();
      const more = s.matches({ ready: 'idle' }) && serverOffset(s.context.entries, s.context.query) < s.context.total;
      expect(s.can({ type: 'LOAD_MORE' })).toBe(more);
      // The screen shows the cards (the same array), their busy stars, and the end trigger only when more exist.
      const view = diaryListView(s);
      expect(view.status).toBe('ready');
      expect(view.entries).toBe(s.context.entries);
      expect(view.togglingIds).toEqual(s.context.togglingIds);
      expect(view.hasMore).toBe(more);
    },
    empty: (s) => {
      expect(s.context.entries).toEqual([]);
      expect(diaryListView(s)).toMatchObject({ status: 'empty', entries: [], rows: [], hasMore: false });
    },
    error: (s) => {
      expect(diaryListView(s)).toMatchObject({ status: 'error', entries: [], hasMore: false });
      expect(s.can({ type: 'RETRY' })).toBe(true);
    },
  },
});

function fakeList(pages: (q: DiaryListQuery) => Promise<DiaryListResponse>) {
  const calls: DiaryListQuery[] = [];
  const shown: unknown[] = [];
  const machine = diaryListMachine.provide({
    actors: {
      loadPage: fromPromise<DiaryListResponse, DiaryListQuery>(({ input }) => {
        calls.push(input);
        return pages(input);
      }),
    },
    actions: { toast: (_, params) => void shown.push(params) },
  });
  return { machine, calls, shown };
}

describe('diary list machine: sequences', () => {
  it('a filter change cancels the running page load; its late answer is never shown', async () => {
    let releaseFirst!: (r: DiaryListResponse) => void;
    const { machine, calls } = fakeList((q) =>
      q.is_favorite
        ? Promise.resolve({ entries: [makeEntry(7, { is_favorite: true })], total: 1 })
        : new Promise((r) => (releaseFirst = r)),
    );
    const actor = createActor(machine, { input: { now: () => NOW } }).start();
    actor.send({ type: 'FILTER.SELECT', filter: 'favorites' });
    await waitFor(actor, (s) => s.matches('ready'));
    releaseFirst(firstPage);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.entries.map((e) => e.id)).toEqual(['e7']);
    expect(calls).toEqual([
      { skip: 0, limit: 20 },
      { skip: 0, limit: 20, is_favorite: 'true' },
    ]);
  });

  it('LOAD_MORE is ignored while a page loads and once everything is loaded', async () => {
    const { machine, calls } = fakeList(async (q) => (q.skip === 0 ? firstPage : lastPage));
    const actor = createActor(machine, { input: { now: () => NOW } }).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'LOAD_MORE' });
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'LOAD_MORE' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(calls.map((c) => c.skip)).toEqual([0, 20]);
    expect(actor.getSnapshot().context.entries).toHaveLength(25);
  });

  it('toggles run per entry: two entries at once, the same entry only once, failure toasts and re-enables', async () => {
    const { machine, shown } = fakeList(async () => firstPage);
    const settle: Record<string, { ok: (e: DiaryEntry) => void; fail: (e: Error) => void }> = {};
    const toggles: string[] = [];
    const actor = createActor(
      machine.provide({
        actors: {
          toggleFavorite: fromPromise<DiaryEntry, { id: string }>(({ input }) => {
            toggles.push(input.id);
            return new Promise((ok, fail) => (settle[input.id] = { ok, fail }));
          }),
        },
      }),
      { input: { now: () => NOW } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e1' });
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e1' });
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e2' });
    expect(toggles).toEqual(['e1', 'e2']);
    expect(actor.getSnapshot().context.togglingIds).toEqual(['e1', 'e2']);
    settle.e2!.ok(makeEntry(2, { is_favorite: true, title: 'с сервера' }));
    settle.e1!.fail(new Error('boom'));
    await waitFor(actor, (s) => s.context.togglingIds.length === 0);
    const ctx = actor.getSnapshot().context;
    expect(ctx.entries[1]).toMatchObject({ id: 'e2', is_favorite: true, title: 'с сервера' });
    expect(ctx.entries[0]).toEqual(firstPage.entries[0]);
    expect(shown).toEqual([{ key: 'favoriteFailed' }]);
  });
});

describe('diary list machine: paging under a filter', () => {
  it('«Избранное»: an un-starred entry stays on screen, and the next page neither skips nor repeats one', async () => {
    const server = starred(1, 25); // what the server lists as favourites
    const { machine, calls } = fakeList(async (q) => {
      const list = server.filter((e) => e.is_favorite);
      return { entries: list.slice(q.skip, q.skip + q.limit), total: list.length };
    });
    const actor = createActor(
      machine.provide({
        actors: {
          toggleFavorite: fromPromise<DiaryEntry, { id: string }>(async ({ input }) => {
            const i = server.findIndex((x) => x.id === input.id);
            server[i] = { ...server[i]!, is_favorite: !server[i]!.is_favorite };
            return server[i]!;
          }),
        },
      }),
      { input: { filter: 'favorites', now: () => NOW } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e3' });
    await waitFor(actor, (s) => s.context.togglingIds.length === 0);
    expect(actor.getSnapshot().context.total).toBe(24);
    expect(actor.getSnapshot().context.entries.find((e) => e.id === 'e3')!.is_favorite).toBe(false);
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(calls.at(-1)).toEqual({ skip: 19, limit: 20, is_favorite: 'true' });
    const ids = actor.getSnapshot().context.entries.map((e) => e.id);
    expect(ids).toEqual(entries(1, 25).map((e) => e.id)); // e21 was not skipped, nothing doubled
    expect(actor.getSnapshot().can({ type: 'LOAD_MORE' })).toBe(false);
  });

  it('a star that changes the server’s list while a page loads re-asks from the new offset', async () => {
    const answers: Array<(r: DiaryListResponse) => void> = [];
    const { machine, calls } = fakeList((q) =>
      q.skip === 0 ? Promise.resolve({ entries: starred(1, 20), total: 25 }) : new Promise((r) => answers.push(r)),
    );
    let release!: (e: DiaryEntry) => void;
    const actor = createActor(
      machine.provide({
        actors: { toggleFavorite: fromPromise<DiaryEntry, { id: string }>(() => new Promise((r) => (release = r))) },
      }),
      { input: { filter: 'favorites', now: () => NOW } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e3' });
    actor.send({ type: 'LOAD_MORE' });
    release({ ...starred(3, 3)[0]!, is_favorite: false });
    await waitFor(actor, () => calls.length === 3);
    expect(calls.slice(1).map((c) => c.skip)).toEqual([20, 19]);
    answers[0]!({ entries: starred(22, 25), total: 24 }); // the cancelled request's late answer is never applied
    answers[1]!({ entries: starred(21, 25), total: 24 });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.entries.map((e) => e.id)).toEqual(entries(1, 25).map((e) => e.id));
  });

  it('a page overlapping the loaded ones (the list shifted) appends only new entries', async () => {
    const { machine } = fakeList(async (q) => (q.skip === 0 ? firstPage : { entries: entries(19, 25), total: 25 }));
    const actor = createActor(machine, { input: { now: () => NOW } }).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.entries.map((e) => e.id)).toEqual(entries(1, 25).map((e) => e.id));
  });

  it('week/month: the window is fixed when the chip is chosen, not recomputed per page', async () => {
    let clock = NOW.getTime();
    const { machine, calls } = fakeList(async (q) => (q.skip === 0 ? firstPage : lastPage));
    const actor = createActor(machine, { input: { now: () => new Date(clock) } }).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'FILTER.SELECT', filter: 'week' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    clock += 3_600_000; // an hour of reading later
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(calls.slice(1)).toEqual([
      { skip: 0, limit: 20, dateFrom: '2025-03-03T12:00:00.000Z' },
      { skip: 20, limit: 20, dateFrom: '2025-03-03T12:00:00.000Z' },
    ]);
    actor.send({ type: 'FILTER.SELECT', filter: 'month' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(calls.at(-1)).toEqual({ skip: 0, limit: 20, dateFrom: '2025-02-08T13:00:00.000Z' });
  });
});
