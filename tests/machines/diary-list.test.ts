// Generated paths of the diary list machine, plus the few sequences a graph cannot express on its own.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { diaryListMachine } from '../../machines/diary/diary-list.machine';
import type { DiaryEntry, DiaryListQuery, DiaryListResponse } from '../../contract/diary';
import { describeMachinePaths } from '../support/path-tests';
import { entries, makeEntry } from './diary-fixtures';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const firstPage: DiaryListResponse = { entries: entries(1, 20), total: 25 };
const lastPage: DiaryListResponse = { entries: entries(21, 25), total: 25 };

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
    'xstate.done.actor.loadFirstPage': [
      { type: 'xstate.done.actor.loadFirstPage', output: firstPage },
      { type: 'xstate.done.actor.loadFirstPage', output: { entries: [], total: 0 } },
    ],
    'xstate.done.actor.loadNextPage': [{ type: 'xstate.done.actor.loadNextPage', output: lastPage }],
    'xstate.done.actor.favorite.*': (s) =>
      s.context.togglingIds.includes('e1')
        ? [{ type: 'xstate.done.actor.favorite.e1', output: makeEntry(1, { is_favorite: true }) }]
        : [],
    'xstate.error.actor.favorite.*': (s) =>
      s.context.togglingIds.includes('e1')
        ? [{ type: 'xstate.error.actor.favorite.e1', error: new Error('500') }]
        : [],
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.filter === "all", s.context.entries.length, s.context.togglingIds]),
  assert: {
    loading: (s, run) => {
      const last = run.invocations.filter((i) => i.src === 'loadPage').at(-1)!;
      expect(last.id).toBe('loadFirstPage');
      const q = last.input as DiaryListQuery;
      expect(q).toMatchObject({ skip: 0, limit: 20 });
      if (s.context.filter === 'week') expect(q.dateFrom).toBe('2025-03-03T12:00:00.000Z');
      if (s.context.filter === 'favorites') expect(q).toEqual({ skip: 0, limit: 20, is_favorite: 'true' });
      if (s.context.filter === 'all') expect(q).toEqual({ skip: 0, limit: 20 });
      expect(s.context.entries).toEqual([]);
    },
    'ready.loadingMore': (_s, run) => {
      expect(run.invocations.filter((i) => i.src === 'loadPage').at(-1)).toMatchObject({ id: 'loadNextPage', input: { skip: 20, limit: 20 } });
    },
    ready: (s) => {
      expect(s.context.entries.length).toBeGreaterThan(0);
      // The star is disabled exactly for entries whose toggle runs; a second tap spawns nothing.
      for (const id of s.context.togglingIds) expect(s.children[`favorite.${id}`]).toBeDefined();
      if (s.context.entries.length === 25) expect(s.can({ type: 'LOAD_MORE' })).toBe(false);
    },
    empty: (s) => expect(s.context.entries).toEqual([]),
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
      q.is_favorite ? Promise.resolve({ entries: [makeEntry(7, { is_favorite: true })], total: 1 }) : new Promise((r) => (releaseFirst = r)),
    );
    const actor = createActor(machine, { input: { now: () => NOW } }).start();
    actor.send({ type: 'FILTER.SELECT', filter: 'favorites' });
    await waitFor(actor, (s) => s.matches('ready'));
    releaseFirst(firstPage);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.entries.map((e) => e.id)).toEqual(['e7']);
    expect(calls).toEqual([{ skip: 0, limit: 20 }, { skip: 0, limit: 20, is_favorite: 'true' }]);
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
