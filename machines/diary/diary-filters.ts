// Pure rules of the diary filters. 'week' = the last 7 days and 'month' = the last 30 days, counted back from `now`
// (rolling windows, not calendar weeks); the window is fixed when the chip is chosen, so every page of one
// selection asks the server for the same set. Which loaded entries the server still counts for the query gives
// the next page's offset (an entry un-starred under «Избранное» stays on screen but has left the server's list).
import { subDays } from 'date-fns';
import type { DiaryEntry, DiaryListQuery } from '../../contract/diary';

export const DIARY_FILTERS = ['all', 'week', 'month', 'favorites'] as const;
export type DiaryFilter = (typeof DIARY_FILTERS)[number];

export const FILTER_DAYS = { week: 7, month: 30 } as const;

/** The part of the list query a filter decides. */
export type DiaryFilterQuery = Pick<DiaryListQuery, 'dateFrom' | 'is_favorite'>;

export function queryForFilter(filter: DiaryFilter, now: Date): DiaryFilterQuery {
  switch (filter) {
    case 'week':
    case 'month':
      return { dateFrom: subDays(now, FILTER_DAYS[filter]).toISOString() };
    case 'favorites':
      return { is_favorite: 'true' };
    case 'all':
      return {};
  }
}

/** Whether the server's list for `query` contains the entry as it is now. */
export function matchesQuery(entry: DiaryEntry, query: DiaryFilterQuery): boolean {
  if (query.is_favorite === 'true' && !entry.is_favorite) return false;
  if (query.dateFrom && Date.parse(entry.created_at) < Date.parse(query.dateFrom)) return false;
  return true;
}

/** The server offset after the loaded entries: those of them the server still lists for the query. */
export function serverOffset(entries: readonly DiaryEntry[], query: DiaryFilterQuery): number {
  let n = 0;
  for (const e of entries) if (matchesQuery(e, query)) n++;
  return n;
}
