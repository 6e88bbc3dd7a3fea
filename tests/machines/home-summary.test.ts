// Home's summary as two tables. Stale while revalidating: opening shows the week kept on the device (if any) and
// asks the server meanwhile; the answer replaces it and is kept; with nothing kept a placeholder shows and a
// failure offers «Попробовать снова». Known data never gives way to a spinner: a failed refresh keeps it with a
// quiet note (stale). A check-in asks again (REFRESH), also while the kept week is showing.
import type { HomeSummary } from '../../contract/home';
import { homeSummaryMachine, homeSummaryView } from '../../machines/home/home-summary.machine';
import { describeMachineTables, stateValue } from '../support/machine-tables';

const WEEK = ['2030-01-14', '2030-01-15', '2030-01-16', '2030-01-17', '2030-01-18', '2030-01-19', '2030-01-20'];
/** What the device kept from the last opening (yesterday's week). */
const kept: HomeSummary = {
  today: '2030-01-15',
  streak: { days: 2, active_today: true, active_days_30: 8 },
  week: WEEK.map((date, i) => ({ date, mood: i === 0 ? 4.5 : null })),
  insight: { kind: 'general', text: 'Маленький шаг, сделанный сегодня, значит больше идеального плана на завтра.' },
};
/** The server's answer on opening. */
const fresh: HomeSummary = {
  ...kept,
  today: '2030-01-16',
  streak: { days: 3, active_today: true, active_days_30: 9 },
};
/** After a check-in: one more day, today's mood on the chart. */
const refreshed: HomeSummary = {
  ...fresh,
  streak: { days: 4, active_today: true, active_days_30: 10 },
  week: WEEK.map((date, i) => ({ date, mood: i === 0 ? 4.5 : i === 2 ? 4 : null })),
};
const SUMMARIES = { kept, fresh, refreshed } as const;
type Which = keyof typeof SUMMARIES | null;

const view = (
  status: 'loading' | 'error' | 'ready',
  summary: Which,
  over: { refreshing?: true; stale?: true } = {},
) => ({
  status,
  refreshing: over.refreshing ?? false,
  stale: over.stale ?? false,
  summary: summary ? SUMMARIES[summary] : null,
});
const nothing = { RETRY: false, REFRESH: false };
/** The server answered: its week is shown and kept on the device. */
const stored = (which: 'fresh' | 'refreshed') => ({
  to: `ready ${which}`,
  effects: [['storeSummary', SUMMARIES[which]]] as [string, unknown][],
});
const refreshSummary = [{ id: 'refreshSummary', src: 'loadSummary', input: undefined }];
/** A second check-in while the week is being asked for: the question starts again, so the answer includes it. */
const askAgain = (to: string) => ({ to, invokes: refreshSummary });

describeMachineTables(homeSummaryMachine, {
  view: homeSummaryView,
  events: {
    'xstate.done.actor.restoreSummary': {
      kept: { type: 'xstate.done.actor.restoreSummary', output: kept },
      none: { type: 'xstate.done.actor.restoreSummary', output: null },
    },
    'xstate.done.actor.loadSummary': { fresh: { type: 'xstate.done.actor.loadSummary', output: fresh } },
    'xstate.done.actor.refreshSummary': {
      refreshed: { type: 'xstate.done.actor.refreshSummary', output: refreshed },
    },
  },
  // Which week is on screen matters as much as the state.
  key: (s) => {
    const which = Object.entries(SUMMARIES).find(([, v]) => v === s.context.summary)?.[0];
    return which ? `${stateValue(s)} ${which}` : stateValue(s);
  },
  states: {
    restoring: { view: view('loading', null), can: nothing, running: ['restoreSummary'] },
    // The kept week at once, no spinner; the server's answer is on its way.
    'showingCached kept': {
      view: view('ready', 'kept', { refreshing: true }),
      can: { RETRY: false, REFRESH: true },
      running: ['loadSummary'],
    },
    loading: { view: view('loading', null), can: nothing, running: ['loadSummary'] },
    error: { view: view('error', null), can: { RETRY: true, REFRESH: false } },
    'ready fresh': { view: view('ready', 'fresh'), can: { RETRY: false, REFRESH: true } },
    'ready refreshed': { view: view('ready', 'refreshed'), can: { RETRY: false, REFRESH: true } },
    'refreshing kept': {
      view: view('ready', 'kept', { refreshing: true }),
      can: { RETRY: false, REFRESH: true },
      running: ['refreshSummary'],
    },
    'refreshing fresh': {
      view: view('ready', 'fresh', { refreshing: true }),
      can: { RETRY: false, REFRESH: true },
      running: ['refreshSummary'],
    },
    'refreshing refreshed': {
      view: view('ready', 'refreshed', { refreshing: true }),
      can: { RETRY: false, REFRESH: true },
      running: ['refreshSummary'],
    },
    // A failed update: the week stays, with the quiet note and its «Попробовать снова».
    'stale kept': { view: view('ready', 'kept', { stale: true }), can: { RETRY: true, REFRESH: true } },
    'stale fresh': { view: view('ready', 'fresh', { stale: true }), can: { RETRY: true, REFRESH: true } },
    'stale refreshed': { view: view('ready', 'refreshed', { stale: true }), can: { RETRY: true, REFRESH: true } },
  },
  transitions: {
    // The device first (at once), so a server failing at once (offline) still finds the kept week on screen.
    restoring: {
      'done.actor.restoreSummary kept': {
        to: 'showingCached kept',
        invokes: [{ id: 'loadSummary', src: 'loadSummary', input: undefined }],
      },
      'done.actor.restoreSummary none': {
        to: 'loading',
        invokes: [{ id: 'loadSummary', src: 'loadSummary', input: undefined }],
      },
      // A storage that cannot be read is the same as nothing kept.
      'error.actor.restoreSummary': 'loading',
    },
    'showingCached kept': {
      'done.actor.loadSummary fresh': stored('fresh'),
      'error.actor.loadSummary': 'stale kept',
      REFRESH: { to: 'refreshing kept', invokes: refreshSummary },
    },
    loading: {
      'done.actor.loadSummary fresh': stored('fresh'),
      'error.actor.loadSummary': 'error',
    },
    error: { RETRY: { to: 'loading', invokes: [{ id: 'loadSummary', src: 'loadSummary', input: undefined }] } },
    'ready fresh': { REFRESH: 'refreshing fresh' },
    'ready refreshed': { REFRESH: 'refreshing refreshed' },
    'refreshing kept': {
      'done.actor.refreshSummary refreshed': stored('refreshed'),
      'error.actor.refreshSummary': 'stale kept',
      REFRESH: askAgain('refreshing kept'),
    },
    'refreshing fresh': {
      'done.actor.refreshSummary refreshed': stored('refreshed'),
      'error.actor.refreshSummary': 'stale fresh',
      REFRESH: askAgain('refreshing fresh'),
    },
    'refreshing refreshed': {
      'done.actor.refreshSummary refreshed': stored('refreshed'),
      'error.actor.refreshSummary': 'stale refreshed',
      REFRESH: askAgain('refreshing refreshed'),
    },
    'stale kept': { RETRY: 'refreshing kept', REFRESH: 'refreshing kept' },
    'stale fresh': { RETRY: 'refreshing fresh', REFRESH: 'refreshing fresh' },
    'stale refreshed': { RETRY: 'refreshing refreshed', REFRESH: 'refreshing refreshed' },
  },
  counts: { paths: 15, transitions: 26 },
});
