// Pure rule: which list query each diary filter means. 'week' = the last 7 days and 'month' = the last 30 days,
// counted back from `now` (rolling windows, not calendar weeks), so the answer depends only on the injected clock.
import { subDays } from 'date-fns';
import type { DiaryListQuery } from '../../contract/diary';

export const DIARY_FILTERS = ['all', 'week', 'month', 'favorites'] as const;
export type DiaryFilter = (typeof DIARY_FILTERS)[number];

export const FILTER_DAYS = { week: 7, month: 30 } as const;

export function queryForFilter(filter: DiaryFilter, now: Date): Pick<DiaryListQuery, 'dateFrom' | 'is_favorite'> {
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
