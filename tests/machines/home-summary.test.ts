// Generated paths of home's summary: loading calls loadSummary, its answer is what the view shows, a failure
// offers «Попробовать снова», which loads again.
import { expect } from 'vitest';
import type { HomeSummary } from '../../contract/home';
import { homeSummaryMachine, homeSummaryView } from '../../machines/home/home-summary.machine';
import { describeMachinePaths } from '../support/path-tests';

const summary: HomeSummary = {
  today: '2030-01-16',
  streak: { days: 3, active_today: true, active_days_30: 9 },
  week: ['2030-01-14', '2030-01-15', '2030-01-16', '2030-01-17', '2030-01-18', '2030-01-19', '2030-01-20'].map(
    (date, i) => ({ date, mood: i === 0 ? 4.5 : null }),
  ),
  insight: { kind: 'general', text: 'Маленький шаг, сделанный сегодня, значит больше идеального плана на завтра.' },
};

describeMachinePaths(homeSummaryMachine, {
  events: {
    'xstate.done.actor.loadSummary': [{ type: 'xstate.done.actor.loadSummary', output: summary }],
  },
  assert: {
    loading: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadSummary' });
      expect(homeSummaryView(s)).toEqual({ status: 'loading', summary: null });
      expect(s.can({ type: 'RETRY' })).toBe(false);
    },
    error: (s) => {
      expect(homeSummaryView(s)).toEqual({ status: 'error', summary: null });
      expect(s.can({ type: 'RETRY' })).toBe(true);
    },
    ready: (s) => {
      expect(homeSummaryView(s)).toEqual({ status: 'ready', summary });
      expect(s.can({ type: 'RETRY' })).toBe(false);
    },
  },
});
