// Home's own week: the streak, this week's moods and the insight from GET /api/home/summary. Stale while
// revalidating: on opening, the week this device last showed the user (injected `restoreSummary`, kept per Telegram
// user) is on screen at once while the server is asked; the answer replaces it and is kept (`storeSummary`). With
// nothing kept, a placeholder shows where the week goes (the rest of home is there at once), and a failure says
// «Не удалось загрузить данные» with «Попробовать снова». Known data is never replaced by a spinner: a failed
// refresh keeps it, with a quiet note. A check-in made on home asks for the week again (REFRESH).
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { HomeSummary } from '../../contract/home';
import { stubAction, stubActor } from '../effects';

export interface HomeSummaryContext {
  summary: HomeSummary | null;
}

export type HomeSummaryEvent = { type: 'RETRY' } | { type: 'REFRESH' };

/** The server's week: shown, and kept on the device for the next opening. */
const fresh = {
  target: 'ready',
  actions: [
    { type: 'showSummary', params: ({ event }: { event: { output: HomeSummary } }) => event.output },
    { type: 'storeSummary', params: ({ event }: { event: { output: HomeSummary } }) => event.output },
  ],
} as const;

export const homeSummaryMachine = setup({
  types: {
    context: {} as HomeSummaryContext,
    events: {} as HomeSummaryEvent,
  },
  actors: {
    loadSummary: stubActor<HomeSummary>(),
    /** The week this device last showed the signed-in user; null: none kept. */
    restoreSummary: stubActor<HomeSummary | null>(),
  },
  actions: {
    showSummary: assign((_, summary: HomeSummary) => ({ summary })),
    /** Keeps the server's answer on the device for the next opening. */
    storeSummary: stubAction<HomeSummary>(),
  },
  guards: {
    restored: ({ event }) => (event as unknown as { output: HomeSummary | null }).output !== null,
  },
}).createMachine({
  id: 'homeSummary',
  description: 'The streak, the week’s mood chart and the insight on home.',
  context: { summary: null },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reads the week kept on the device (the injected restoreSummary), then asks the server.',
      invoke: {
        id: 'restoreSummary',
        src: 'restoreSummary',
        onDone: [
          {
            guard: 'restored',
            target: 'showingCached',
            actions: { type: 'showSummary', params: ({ event }) => event.output! },
          },
          { target: 'loading' },
        ],
        onError: { target: 'loading', description: 'A storage that cannot be read: as if nothing were kept.' },
      },
    },
    showingCached: {
      description: 'The last known week on screen at once while the server is asked.',
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        onDone: fresh,
        onError: { target: 'stale', description: 'The kept week stays, with a quiet note.' },
      },
      on: {
        REFRESH: { target: 'refreshing', description: 'A check-in was saved: ask again, so the answer includes it.' },
      },
    },
    loading: {
      description: 'Nothing known yet: a placeholder where the week goes.',
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        onDone: fresh,
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
        onDone: fresh,
        onError: { target: 'stale', description: 'The week shown stays, with a quiet note.' },
      },
      on: { REFRESH: { target: 'refreshing', reenter: true } },
    },
    stale: {
      description: 'The week shown may be out of date: a quiet note offers to try again.',
      on: { RETRY: { target: 'refreshing' }, REFRESH: { target: 'refreshing' } },
    },
  },
});

export type HomeSummaryStatus = 'loading' | 'error' | 'ready';

/**
 * The status, the week shown (null until one is known), whether it is being asked for again (no spinner: the week
 * stays) and whether the last attempt to update it failed (the quiet note).
 */
export function homeSummaryView(snapshot: SnapshotFrom<typeof homeSummaryMachine>) {
  const summary = snapshot.context.summary;
  const status: HomeSummaryStatus = snapshot.matches('error') ? 'error' : summary ? 'ready' : 'loading';
  return {
    status,
    refreshing: snapshot.matches('refreshing') || snapshot.matches('showingCached'),
    stale: snapshot.matches('stale'),
    summary,
  };
}

export type HomeSummaryView = ReturnType<typeof homeSummaryView>;
