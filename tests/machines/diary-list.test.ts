// The diary list as two tables, built from a model written here: the first page of each filter (the entries and
// home's mood marks among them by time, nothing at all, only marks, a failure with «Попробовать снова»), the next
// page as the user nears the end (its failure keeps the cards, with a retry), a chip changing the filter (the same
// chip is ignored), and the star: disabled while its toggle runs, the server's entry replacing ours, a failure
// toasted, and under «Избранное» an un-starred entry shifting the server's offsets (a running page is asked again).
// Then by hand the few sequences a graph cannot express on its own (late answers, overlapping pages, the clock).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { diaryListMachine, diaryListView, type DiaryListContext } from '../../machines/diary/diary-list.machine';
import type { CheckIn } from '../../contract/checkin';
import type { DiaryEntry, DiaryListQuery, DiaryListResponse } from '../../contract/diary';
import {
  describeMachineTables,
  stateValue,
  type Effect,
  type StateRow,
  type TransitionRow,
} from '../support/machine-tables';
import type { Invocation } from '../support/path-tests';
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
const MARK_4_5 = mark('2025-03-10', 4.5);
const MARK_30 = mark('2025-03-09', 30);
const MARK_60 = mark('2025-03-10', 60);
const firstPage: DiaryListResponse = { entries: entries(1, 20), total: 25, check_ins: [MARK_4_5] };
const lastPage: DiaryListResponse = { entries: entries(21, 25), total: 25, check_ins: [MARK_30] };
/** A plan with the diary, no entry yet, a check-in: the list is its mark, not «Дневник пуст». */
const marksOnly: DiaryListResponse = { entries: [], total: 0, check_ins: [MARK_60] };
const starred = (from: number, to: number) => entries(from, to).map((e) => ({ ...e, is_favorite: true }));

// ── The model: where the list is, the filter, the pages loaded, e1's star, e1's toggle ──
type Filter = 'all' | 'week' | 'favorites';
type Pages = 0 | 'marks' | 1 | 2;
interface ListModel {
  at: 'loading' | 'error' | 'empty' | 'ready.idle' | 'ready.loadingMore' | 'ready.moreFailed';
  filter: Filter;
  pages: Pages;
  /** e1's star was toggled since the server listed it. */
  flipped: boolean;
  toggling: boolean;
  /** e1's toggle ran: XState keeps a finished spawned child among the children (a new toggle reuses its id). */
  toggled: boolean;
}
/** The window each chip asks the server for: the week back from NOW, fixed when the chip is chosen. */
const QUERY: Record<Filter, Partial<DiaryListQuery>> = {
  all: {},
  week: { dateFrom: '2025-03-03T12:00:00.000Z' },
  favorites: { is_favorite: 'true' },
};
/** The loaded entries: under «Избранное» the server lists starred ones; e1 as the server's toggle returned it. */
function listed(m: ListModel): DiaryEntry[] {
  if (m.pages === 0 || m.pages === 'marks') return [];
  const n = m.pages === 1 ? 20 : 25;
  const list = m.filter === 'favorites' ? starred(1, n) : entries(1, n);
  return m.flipped ? [{ ...list[0]!, is_favorite: !list[0]!.is_favorite }, ...list.slice(1)] : list;
}
/** The server's total: 25 entries; under «Избранное» one fewer once e1 is un-starred. */
const totalOf = (m: ListModel) =>
  m.pages === 0 || m.pages === 'marks' ? 0 : m.filter === 'favorites' && m.flipped ? 24 : 25;
/** Where the next page starts: the loaded entries the server still lists (an un-starred favourite is not). */
const offsetOf = (m: ListModel) => listed(m).length - (m.filter === 'favorites' && m.flipped ? 1 : 0);
const hasMore = (m: ListModel) => m.at === 'ready.idle' && offsetOf(m) < totalOf(m);
/** Every entry and every mark once, newest first: the marks among the entries by their time. */
function rowsOf(m: ListModel) {
  const list = listed(m).map((entry) => ({ kind: 'entry', entry }));
  const markRow = (checkIn: CheckIn) => ({ kind: 'checkIn', checkIn });
  if (m.pages === 'marks') return [markRow(MARK_60)];
  if (m.filter === 'favorites' || m.pages === 0) return list;
  return [
    ...list.slice(0, 4),
    markRow(MARK_4_5),
    ...list.slice(4, 20),
    ...(m.pages === 2 ? [...list.slice(20), markRow(MARK_30)] : []),
  ];
}
const listKey = (m: ListModel) =>
  `${m.at} ${m.filter} ${m.pages}${m.flipped ? ' flipped' : ''}${m.toggling ? ' toggling' : m.toggled ? ' toggled' : ''}`;
function decodeList(s: AnyMachineSnapshot): ListModel {
  const c = s.context as DiaryListContext;
  const n = c.entries.length;
  const pages = n === 0 ? (c.checkIns.length ? 'marks' : 0) : n === 20 ? 1 : n === 25 ? 2 : (`${n} entries` as never);
  const e1 = c.entries.find((e) => e.id === 'e1');
  const toggling = c.togglingIds.join(',');
  // Any toggle but e1's (or e1's twice) is a state the tables do not know.
  const at = toggling === '' || toggling === 'e1' ? stateValue(s) : `${stateValue(s)} toggling ${toggling}`;
  return {
    at: at as ListModel['at'],
    filter: c.filter as Filter,
    pages,
    flipped: e1 !== undefined && e1.is_favorite !== (c.filter === 'favorites'),
    toggling: toggling === 'e1',
    toggled: 'favorite.e1' in s.children,
  };
}

// ── The walk: each rule's edges once (a star is toggled from the server's state; week shows its window only) ──
/** The event as the tables name it. */
function eventName(e: EventObject & Record<string, unknown>): string {
  const type = e.type.replace(/^xstate\./, '');
  if (e.type === 'FILTER.SELECT') return `${type} ${String(e.filter)}`;
  if (e.type === 'FAVORITE.TOGGLE') return `${type} ${String(e.id)}`;
  if (e.type === 'xstate.done.actor.loadFirstPage') {
    const page = e.output as DiaryListResponse;
    return `${type} ${page.entries.length ? 'page' : page.check_ins?.length ? 'marks' : 'nothing'}`;
  }
  if (e.type === 'xstate.done.actor.loadNextPage') return `${type} rest`;
  return type;
}
type Move = { to: ListModel; effects?: Effect[]; invokes?: Invocation[] };
const loadFirst = (filter: Filter): Invocation[] => [
  { id: 'loadFirstPage', src: 'loadPage', input: { skip: 0, limit: 20, ...QUERY[filter] } },
];
const loadNext = (m: ListModel): Invocation[] => [
  { id: 'loadNextPage', src: 'loadPage', input: { skip: offsetOf(m), limit: 20, ...QUERY[m.filter] } },
];
function listMoves(m: ListModel): Record<string, Move> {
  const at = (where: ListModel['at'], over: Partial<ListModel> = {}): ListModel => ({ ...m, at: where, ...over });
  const out: Record<string, Move> = {};
  const full = m.filter === 'all';
  // A chip: from «Все», before any toggle; «Избранное» also while one runs.
  if (full && (!m.toggled || (m.toggling && m.at === 'ready.idle'))) {
    for (const filter of m.toggling ? (['favorites'] as const) : (['all', 'week', 'favorites'] as const))
      out[`FILTER.SELECT ${filter}`] =
        filter === m.filter
          ? { to: m }
          : { to: at('loading', { filter, pages: 0, flipped: false }), invokes: loadFirst(filter) };
  }
  // The star, from the server's state; a second tap while it runs (or with no e1 listed) does nothing.
  const e1Listed = listed(m).length > 0;
  if (m.filter !== 'week' && e1Listed && !m.toggling && !m.flipped)
    out['FAVORITE.TOGGLE e1'] = {
      to: { ...m, toggling: true, toggled: true },
      invokes: [{ id: 'favorite.e1', src: 'toggleFavorite', input: { id: 'e1' } }],
    };
  if (full && (m.toggling || m.pages === 'marks')) out['FAVORITE.TOGGLE e1'] = { to: m };
  if (m.toggling) {
    const flipped = e1Listed ? !m.flipped : m.flipped;
    // Under «Избранное» a page running when e1 leaves the server's list is asked again from the new offset.
    const reask = m.at === 'ready.loadingMore' && m.filter === 'favorites';
    out['done.actor.favorite.e1'] = reask
      ? { to: { ...m, flipped, toggling: false }, invokes: loadNext({ ...m, flipped }) }
      : { to: { ...m, flipped, toggling: false } };
    if (full)
      out['error.actor.favorite.e1'] = {
        to: { ...m, toggling: false },
        effects: [['toast', { key: 'favoriteFailed' }]],
      };
  }
  switch (m.at) {
    case 'loading':
      out['done.actor.loadFirstPage page'] = { to: at('ready.idle', { pages: 1 }) };
      if (full) {
        out['done.actor.loadFirstPage nothing'] = { to: at('empty') };
        out['done.actor.loadFirstPage marks'] = { to: at('ready.idle', { pages: 'marks' }) };
        out['error.actor.loadFirstPage'] = { to: at('error') };
      }
      break;
    case 'error':
      out.RETRY = { to: at('loading'), invokes: loadFirst(m.filter) };
      break;
    case 'ready.idle':
      // Near the end: the next page while there is one; ignored once all are loaded (or there are none).
      if (hasMore(m)) out.LOAD_MORE = { to: at('ready.loadingMore'), invokes: loadNext(m) };
      else if (full) out.LOAD_MORE = { to: m };
      break;
    case 'ready.loadingMore':
      out['done.actor.loadNextPage rest'] = { to: at('ready.idle', { pages: 2 }) };
      if (full) out['error.actor.loadNextPage'] = { to: at('ready.moreFailed') };
      break;
    case 'ready.moreFailed':
      out.RETRY = { to: at('ready.loadingMore'), invokes: loadNext(m) };
      break;
  }
  return out;
}
const FILTERS: Filter[] = ['all', 'week', 'favorites'];
const listCan = (m: ListModel) => ({
  ...Object.fromEntries(FILTERS.map((f) => [`FILTER.SELECT ${f}`, f !== m.filter])),
  LOAD_MORE: hasMore(m),
  RETRY: m.at === 'error' || m.at === 'ready.moreFailed',
  'FAVORITE.TOGGLE': listed(m).length > 0 && !m.toggling,
});
const listView = (m: ListModel) => ({
  status: m.at.split('.')[0],
  filter: m.filter,
  entries: listed(m),
  rows: rowsOf(m),
  togglingIds: m.toggling ? ['e1'] : [],
  loadingMore: m.at === 'ready.loadingMore',
  moreFailed: m.at === 'ready.moreFailed',
  hasMore: hasMore(m),
});
const RUNNING: Partial<Record<ListModel['at'], string>> = {
  loading: 'loadFirstPage',
  'ready.loadingMore': 'loadNextPage',
};
const listStates: Record<string, StateRow> = {};
const listTransitions: Record<string, Record<string, string | TransitionRow>> = {};
for (
  const queue: ListModel[] = [
    { at: 'loading', filter: 'all', pages: 0, flipped: false, toggling: false, toggled: false },
  ];
  queue.length;
) {
  const m = queue.shift()!;
  const k = listKey(m);
  if (listStates[k]) continue;
  listStates[k] = {
    view: listView(m),
    can: listCan(m),
    running: [RUNNING[m.at], m.toggled ? 'favorite.e1' : undefined].filter((id) => id !== undefined),
    context: { total: totalOf(m) },
  };
  listTransitions[k] = {};
  for (const [ev, move] of Object.entries(listMoves(m))) {
    listTransitions[k][ev] = { to: listKey(move.to), effects: move.effects ?? [], invokes: move.invokes ?? [] };
    queue.push(move.to);
  }
}

describeMachineTables(diaryListMachine, {
  view: diaryListView,
  input: { now: () => NOW },
  events: {
    'FILTER.SELECT': Object.fromEntries(FILTERS.map((filter) => [filter, { type: 'FILTER.SELECT', filter }])),
    'FAVORITE.TOGGLE': { e1: { type: 'FAVORITE.TOGGLE', id: 'e1' } },
    // Under «Избранное» the server lists starred entries; a page is what the server would answer for the query.
    'xstate.done.actor.loadFirstPage': (s) => ({
      page: {
        type: 'xstate.done.actor.loadFirstPage',
        output: s.context.filter === 'favorites' ? { entries: starred(1, 20), total: 25 } : firstPage,
      },
      // No entry, and no check-ins field at all (it is optional): «Дневник пуст».
      nothing: { type: 'xstate.done.actor.loadFirstPage', output: { entries: [], total: 0 } },
      marks: { type: 'xstate.done.actor.loadFirstPage', output: marksOnly },
    }),
    'xstate.done.actor.loadNextPage': (s) => ({
      rest: {
        type: 'xstate.done.actor.loadNextPage',
        output:
          s.context.filter === 'favorites' ? { entries: starred(21, 25), total: totalOf(decodeList(s)) } : lastPage,
      },
    }),
    // The server's copy of e1 with its star turned over.
    'xstate.done.actor.favorite.*': (s): Record<string, { type: string; output: DiaryEntry }> => {
      if (!s.context.togglingIds.includes('e1')) return {};
      const e1: DiaryEntry = s.context.entries.find((e: DiaryEntry) => e.id === 'e1') ?? makeEntry(1);
      return { '': { type: 'xstate.done.actor.favorite.e1', output: { ...e1, is_favorite: !e1.is_favorite } } };
    },
    'xstate.error.actor.favorite.*': (s): Record<string, { type: string; error: Error }> =>
      s.context.togglingIds.includes('e1')
        ? { '': { type: 'xstate.error.actor.favorite.e1', error: new Error('500') } }
        : {},
  },
  // A wildcard is never sent as such; the walk takes the model's moves only.
  filterEvents: (s, e) => !e.type.includes('*') && eventName(e as never) in listMoves(decodeList(s)),
  key: (s) => listKey(decodeList(s)),
  states: listStates,
  transitions: listTransitions,
  counts: { paths: 61, transitions: 97 },
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
    // An entry not in the list has no star to toggle.
    expect(actor.getSnapshot().can({ type: 'FAVORITE.TOGGLE', id: 'e99' })).toBe(false);
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e1' });
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e1' });
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e2' });
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e3' });
    expect(toggles).toEqual(['e1', 'e2', 'e3']);
    expect(actor.getSnapshot().context.togglingIds).toEqual(['e1', 'e2', 'e3']);
    // Each answer enables its own star only.
    settle.e2!.ok(makeEntry(2, { is_favorite: true, title: 'с сервера' }));
    await waitFor(actor, (s) => s.context.togglingIds.length === 2);
    expect(actor.getSnapshot().context.togglingIds).toEqual(['e1', 'e3']);
    settle.e1!.fail(new Error('boom'));
    await waitFor(actor, (s) => s.context.togglingIds.length === 1);
    expect(actor.getSnapshot().context.togglingIds).toEqual(['e3']);
    settle.e3!.ok(makeEntry(3, { is_favorite: true }));
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
    // Starred again: e3 is back in the server's list (its own old copy decides, not another entry's).
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e3' });
    await waitFor(actor, (s) => s.context.togglingIds.length === 0);
    expect(actor.getSnapshot().context.total).toBe(25);
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

  it('a star answered during a page load is judged by its own entry, not the first one', async () => {
    const { machine, calls } = fakeList((q) =>
      q.skip === 0 ? Promise.resolve({ entries: starred(1, 20), total: 25 }) : new Promise(() => {}),
    );
    const releases: Record<string, (e: DiaryEntry) => void> = {};
    const actor = createActor(
      machine.provide({
        actors: {
          toggleFavorite: fromPromise<DiaryEntry, { id: string }>(
            ({ input }) => new Promise((r) => (releases[input.id] = r)),
          ),
        },
      }),
      { input: { filter: 'favorites', now: () => NOW } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    // e1 un-starred first: it stays on screen; the server lists one fewer.
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e1' });
    releases.e1!({ ...starred(1, 1)[0]!, is_favorite: false });
    await waitFor(actor, (s) => s.context.togglingIds.length === 0);
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e3' });
    actor.send({ type: 'LOAD_MORE' });
    releases.e3!({ ...starred(3, 3)[0]!, is_favorite: false });
    await new Promise((r) => setTimeout(r, 0));
    // From 19 (e1 gone from the server's list), then again from 18 once e3 left it too.
    expect(calls.slice(1).map((c) => c.skip)).toEqual([19, 18]);
  });

  it('a star answered during a page load for an entry no longer listed changes nothing', async () => {
    const { machine, calls } = fakeList((q) =>
      q.is_favorite
        ? q.skip === 0
          ? Promise.resolve({ entries: starred(7, 7), total: 2 })
          : new Promise(() => {})
        : Promise.resolve(firstPage),
    );
    let release!: (e: DiaryEntry) => void;
    const actor = createActor(
      machine.provide({
        actors: { toggleFavorite: fromPromise<DiaryEntry, { id: string }>(() => new Promise((r) => (release = r))) },
      }),
      { input: { now: () => NOW } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    // e5 starred under «Все»; «Избранное» chosen before the answer, its list without e5; the next page asked for.
    actor.send({ type: 'FAVORITE.TOGGLE', id: 'e5' });
    actor.send({ type: 'FILTER.SELECT', filter: 'favorites' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'LOAD_MORE' });
    release({ ...makeEntry(5), is_favorite: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context).toMatchObject({ total: 2, togglingIds: [] });
    expect(calls.slice(1).map((c) => c.skip)).toEqual([0, 1]);
  });

  it('a page overlapping the loaded ones (the list shifted) appends only new entries', async () => {
    const { machine } = fakeList(async (q) => (q.skip === 0 ? firstPage : { entries: entries(19, 25), total: 25 }));
    const actor = createActor(machine, { input: { now: () => NOW } }).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.entries.map((e) => e.id)).toEqual(entries(1, 25).map((e) => e.id));
  });

  it('without an injected clock, «Неделя» counts its 7 days back from the real time', () => {
    const week = 7 * 24 * 3_600_000;
    const before = Date.now();
    const actor = createActor(diaryListMachine, { input: { filter: 'week' } });
    const from = Date.parse(actor.getSnapshot().context.query.dateFrom!);
    expect(from).toBeGreaterThanOrEqual(before - week);
    expect(from).toBeLessThanOrEqual(Date.now() - week);
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
