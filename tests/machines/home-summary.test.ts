// Generated paths of home's summary: loading calls loadSummary, its answer is what the view shows, a failure
// offers «Попробовать снова», which loads again; a check-in asks again (REFRESH) with the week kept on screen, and a
// failed refresh keeps it.
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { HomeSummary } from '../../contract/home';
import { homeSummaryMachine, homeSummaryView } from '../../machines/home/home-summary.machine';
import { describeMachinePaths } from '../support/path-tests';

const WEEK = ['2030-01-14', '2030-01-15', '2030-01-16', '2030-01-17', '2030-01-18', '2030-01-19', '2030-01-20'];
const summary: HomeSummary = {
  today: '2030-01-16',
  streak: { days: 3, active_today: true, active_days_30: 9 },
  week: WEEK.map((date, i) => ({ date, mood: i === 0 ? 4.5 : null })),
  insight: { kind: 'general', text: 'Маленький шаг, сделанный сегодня, значит больше идеального плана на завтра.' },
};
/** After a check-in: one more day, today's mood on the chart. */
const refreshed: HomeSummary = {
  ...summary,
  streak: { days: 4, active_today: true, active_days_30: 10 },
  week: WEEK.map((date, i) => ({ date, mood: i === 0 ? 4.5 : i === 2 ? 4 : null })),
};

/** The summary the view must show: the newest one any load or refresh answered. */
const lastLoaded = (events: EventObject[]) =>
  (
    events
      .filter((e) => e.type === 'xstate.done.actor.loadSummary' || e.type === 'xstate.done.actor.refreshSummary')
      .at(-1) as { output: HomeSummary } | undefined
  )?.output ?? null;

describeMachinePaths(homeSummaryMachine, {
  events: {
    'xstate.done.actor.loadSummary': [{ type: 'xstate.done.actor.loadSummary', output: summary }],
    'xstate.done.actor.refreshSummary': [{ type: 'xstate.done.actor.refreshSummary', output: refreshed }],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.summary?.streak.days ?? null]),
  assert: {
    loading: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadSummary' });
      expect(homeSummaryView(s)).toEqual({ status: 'loading', refreshing: false, summary: null });
      expect(s.can({ type: 'RETRY' })).toBe(false);
      expect(s.can({ type: 'REFRESH' })).toBe(false);
    },
    error: (s) => {
      expect(homeSummaryView(s)).toEqual({ status: 'error', refreshing: false, summary: null });
      expect(s.can({ type: 'RETRY' })).toBe(true);
      expect(s.can({ type: 'REFRESH' })).toBe(false);
    },
    ready: (s, run) => {
      expect(homeSummaryView(s)).toEqual({ status: 'ready', refreshing: false, summary: lastLoaded(run.events) });
      expect(s.can({ type: 'RETRY' })).toBe(false);
      expect(s.can({ type: 'REFRESH' })).toBe(true);
    },
    refreshing: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'refreshSummary', src: 'loadSummary' });
      // The week stays on screen while it is asked for again.
      expect(homeSummaryView(s)).toEqual({ status: 'ready', refreshing: true, summary: lastLoaded(run.events) });
      expect(s.can({ type: 'REFRESH' })).toBe(true);
    },
  },
});
