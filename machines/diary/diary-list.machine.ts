// The diary list: filter chips, pages of 20 loaded as the user nears the end, loading / error with retry /
// empty, and a per-entry favourite toggle whose star is disabled while it runs. Plans with the diary also get their
// check-ins (home's mood marks) with each page, shown among the entries by time.
import { assign, setup, spawnChild, type SnapshotFrom } from 'xstate';
import type { CheckIn } from '../../contract/checkin';
import type { DiaryEntry, DiaryListQuery, DiaryListResponse } from '../../contract/diary';
import { DIARY_PAGE_SIZE } from '../../contract/constants';
import { stubAction, stubActor, type ToastParams } from '../effects';
import { topState } from '../view-model';
import { matchesQuery, queryForFilter, serverOffset, type DiaryFilter, type DiaryFilterQuery } from './diary-filters';
import { appendMarks, diaryRows } from './diary-marks';

export type { DiaryFilter };

export interface DiaryListContext {
  filter: DiaryFilter;
  /** The filter's query, computed once per selection: every page of it asks for the same window. */
  query: DiaryFilterQuery;
  entries: DiaryEntry[];
  /** The server's total for the query, kept exact across confirmed star toggles. */
  total: number;
  /** The check-ins (home's mood marks) the pages brought: shown among the entries by time. */
  checkIns: CheckIn[];
  /** Ids of entries whose favourite toggle is running (their star is disabled). */
  togglingIds: string[];
  /** Injected clock for the week/month windows. */
  now: () => Date;
}

export interface DiaryListInput {
  filter?: DiaryFilter;
  now?: () => Date;
}

/** Spawned favourite toggles are named `favorite.<entryId>`; their done/error event types end with that id. */
export const FAVORITE_ACTOR_PREFIX = 'favorite.';
const entryIdOf = (eventType: string) => eventType.split(FAVORITE_ACTOR_PREFIX).slice(1).join(FAVORITE_ACTOR_PREFIX);

export type DiaryListEvent =
  | { type: 'FILTER.SELECT'; filter: DiaryFilter }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  | { type: 'FAVORITE.TOGGLE'; id: string }
  | { type: `xstate.done.actor.favorite.${string}`; output: DiaryEntry }
  | { type: `xstate.error.actor.favorite.${string}`; error: unknown };

/** Appends a page, skipping entries already shown (the server's list may have shifted since the last page). */
const appendPage = (entries: DiaryEntry[], page: DiaryEntry[]) => {
  const seen = new Set(entries.map((e) => e.id));
  return entries.concat(page.filter((e) => !seen.has(e.id)));
};

export const diaryListMachine = setup({
  types: {
    context: {} as DiaryListContext,
    input: {} as DiaryListInput,
    events: {} as DiaryListEvent,
  },
  actors: {
    loadPage: stubActor<DiaryListResponse, DiaryListQuery>(),
    toggleFavorite: stubActor<DiaryEntry, { id: string }>(),
  },
  actions: {
    toast: stubAction<ToastParams>(),
    /** The server's copy of a toggled entry replaces the local one; its star is enabled again. */
    applyToggled: assign(({ context }, { entry }: { entry: DiaryEntry }) => {
      const old = context.entries.find((e) => e.id === entry.id);
      // An entry entering or leaving the server's list (a star under «Избранное») moves its total by one.
      const moved = old ? Number(matchesQuery(entry, context.query)) - Number(matchesQuery(old, context.query)) : 0;
      return {
        entries: context.entries.map((e) => (e.id === entry.id ? entry : e)),
        total: context.total + moved,
        togglingIds: context.togglingIds.filter((id) => id !== entry.id),
      };
    }),
    /** A failed toggle enables the entry's star again (the entry itself is unchanged). */
    endToggle: assign(({ context }, { id }: { id: string }) => ({
      togglingIds: context.togglingIds.filter((toggling) => toggling !== id),
    })),
  },
  guards: {
    hasMore: ({ context }) => serverOffset(context.entries, context.query) < context.total,
    isOtherFilter: ({ context }, { filter }: { filter: DiaryFilter }) => filter !== context.filter,
    canToggle: ({ context }, { id }: { id: string }) =>
      !context.togglingIds.includes(id) && context.entries.some((e) => e.id === id),
    /** Nothing at all: no entry and no mood mark. */
    isEmptyPage: (_, { page }: { page: DiaryListResponse }) => page.entries.length === 0 && !page.check_ins?.length,
    /** The toggled entry entered or left the server's list for the query, so the server offsets shifted. */
    movesOffset: ({ context }, { entry }: { entry: DiaryEntry }) => {
      const old = context.entries.find((e) => e.id === entry.id);
      return old !== undefined && matchesQuery(entry, context.query) !== matchesQuery(old, context.query);
    },
  },
}).createMachine({
  id: 'diaryList',
  description: 'Diary list with filters, infinite scroll and favourite toggles.',
  context: ({ input }) => {
    const now = input.now ?? (() => new Date());
    const filter = input.filter ?? 'all';
    return { filter, query: queryForFilter(filter, now()), entries: [], total: 0, checkIns: [], togglingIds: [], now };
  },
  initial: 'loading',
  on: {
    'FILTER.SELECT': {
      guard: { type: 'isOtherFilter', params: ({ event }) => ({ filter: event.filter }) },
      target: '.loading',
      reenter: true,
      description: 'A chip was chosen: a running page load is cancelled and the first page of the new filter loads.',
      actions: assign({
        filter: ({ event }) => event.filter,
        query: ({ context, event }) => queryForFilter(event.filter, context.now()),
        entries: [],
        total: 0,
        checkIns: [],
      }),
    },
    'FAVORITE.TOGGLE': {
      guard: { type: 'canToggle', params: ({ event }) => ({ id: event.id }) },
      description: 'Star tapped; ignored while that entry’s toggle runs (or for an entry not in the list).',
      actions: [
        spawnChild('toggleFavorite', {
          id: ({ event }) => FAVORITE_ACTOR_PREFIX + event.id,
          // spawnChild's input mapper sees the unnarrowed event union (an xstate typing gap), hence the check.
          input: ({ event }) => ({ id: event.type === 'FAVORITE.TOGGLE' ? event.id : '' }),
        }),
        assign({ togglingIds: ({ context, event }) => [...context.togglingIds, event.id] }),
      ],
    },
    'xstate.done.actor.favorite.*': {
      description: 'The server’s entry replaces the local one (it stays on screen even if it left the filter).',
      actions: { type: 'applyToggled', params: ({ event }) => ({ entry: event.output }) },
    },
    'xstate.error.actor.favorite.*': {
      actions: [
        { type: 'endToggle', params: ({ event }) => ({ id: entryIdOf(event.type) }) },
        { type: 'toast', params: { key: 'favoriteFailed' } },
      ],
    },
  },
  states: {
    loading: {
      description: 'First page of the current filter.',
      invoke: {
        id: 'loadFirstPage',
        src: 'loadPage',
        input: ({ context }) => ({ skip: 0, limit: DIARY_PAGE_SIZE, ...context.query }),
        onDone: [
          {
            guard: { type: 'isEmptyPage', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: assign({ entries: [], total: 0, checkIns: [] }),
          },
          {
            target: 'ready',
            actions: assign({
              entries: ({ event }) => event.output.entries,
              total: ({ event }) => event.output.total,
              checkIns: ({ event }) => event.output.check_ins ?? [],
            }),
          },
        ],
        onError: { target: 'error' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            LOAD_MORE: {
              guard: 'hasMore',
              target: 'loadingMore',
              description: 'Sent by the view when the end of the list is within 100 px; ignored when all are loaded.',
            },
          },
        },
        loadingMore: {
          description: 'Next page; further LOAD_MORE events are ignored meanwhile.',
          on: {
            'xstate.done.actor.favorite.*': {
              guard: { type: 'movesOffset', params: ({ event }) => ({ entry: event.output }) },
              target: 'loadingMore',
              reenter: true,
              description: 'A star changed the server’s list under the running request: ask again from the new offset.',
              actions: { type: 'applyToggled', params: ({ event }) => ({ entry: event.output }) },
            },
          },
          invoke: {
            id: 'loadNextPage',
            src: 'loadPage',
            input: ({ context }) => ({
              skip: serverOffset(context.entries, context.query),
              limit: DIARY_PAGE_SIZE,
              ...context.query,
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                entries: ({ context, event }) => appendPage(context.entries, event.output.entries),
                total: ({ event }) => event.output.total,
                checkIns: ({ context, event }) => appendMarks(context.checkIns, event.output.check_ins),
              }),
            },
            onError: { target: 'moreFailed' },
          },
        },
        moreFailed: {
          description: 'A later page failed; the loaded entries stay and a retry button shows at the end.',
          on: { RETRY: { target: 'loadingMore' } },
        },
      },
    },
    empty: {
      description: '«Дневник пуст» with «Создать первую запись».',
    },
    error: {
      description: '«Не удалось загрузить записи» with a retry button.',
      on: { RETRY: { target: 'loading' } },
    },
  },
});

export type DiaryListStatus = 'loading' | 'error' | 'empty' | 'ready';

/**
 * What the list screen shows. `entries` and `togglingIds` keep their identity until they change, so a screen
 * comparing this view field by field re-renders only on a change, and memoised cards only for their own entry.
 */
export function diaryListView(snapshot: SnapshotFrom<typeof diaryListMachine>) {
  const { filter, entries, checkIns, togglingIds } = snapshot.context;
  return {
    status: topState<DiaryListStatus>(snapshot),
    filter,
    entries,
    /** The entries with the check-ins among them by time (the same array while neither changed). */
    rows: diaryRows(entries, checkIns),
    togglingIds,
    /** A later page is loading (the spinner at the end). */
    loadingMore: snapshot.matches({ ready: 'loadingMore' }),
    /** A later page failed (the retry button at the end). */
    moreFailed: snapshot.matches({ ready: 'moreFailed' }),
    /** More pages to load: the end-of-list trigger is shown. */
    hasMore: snapshot.can({ type: 'LOAD_MORE' }),
  };
}
