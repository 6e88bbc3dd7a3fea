// Home's own week: the streak, this week's moods and the insight from GET /api/home/summary. Loading shows a
// placeholder where they go (the rest of home is there at once), a failure says «Не удалось загрузить данные»
// with «Попробовать снова». A check-in made on home asks for the week again (REFRESH): the week stays on screen
// meanwhile, and a failed refresh keeps it.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { HomeSummary } from '../../contract/home';
import { stubActor } from '../effects';
import { topState } from '../view-model';

export interface HomeSummaryContext {
  summary: HomeSummary | null;
}

export type HomeSummaryEvent = { type: 'RETRY' } | { type: 'REFRESH' };

export const homeSummaryMachine = setup({
  types: {
    context: {} as HomeSummaryContext,
    events: {} as HomeSummaryEvent,
  },
  actors: {
    loadSummary: stubActor<HomeSummary>(),
  },
}).createMachine({
  id: 'homeSummary',
  description: 'The streak, the week’s mood chart and the insight on home.',
  context: { summary: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        onDone: { target: 'ready', actions: assign({ summary: ({ event }) => event.output }) },
        onError: { target: 'error' },
      },
    },
    error: {
      description: '«Не удалось загрузить данные» with «Попробовать снова».',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      on: { REFRESH: { target: 'refreshing', description: 'A check-in was saved: the streak and the chart follow.' } },
    },
    refreshing: {
      invoke: {
        id: 'refreshSummary',
        src: 'loadSummary',
        onDone: { target: 'ready', actions: assign({ summary: ({ event }) => event.output }) },
        onError: { target: 'ready', description: 'The week shown stays.' },
      },
      on: { REFRESH: { target: 'refreshing', reenter: true } },
    },
  },
});

export type HomeSummaryStatus = 'loading' | 'error' | 'ready';

/** The status and the summary (null until loaded). */
export function homeSummaryView(snapshot: SnapshotFrom<typeof homeSummaryMachine>) {
  const refreshing = snapshot.matches('refreshing');
  return {
    status: refreshing ? 'ready' : topState<HomeSummaryStatus>(snapshot),
    refreshing,
    summary: snapshot.context.summary,
  };
}

export type HomeSummaryView = ReturnType<typeof homeSummaryView>;
