// A practice's detail page and its start: load the practice (missing → not found, failure → «Не удалось загрузить
// практику» with retry), then «Начать практику» calls start with the source the page was opened from (manual by
// default, or the chat's suggestion) and opens the session with its id. A locked practice — known up front or
// refused by the server (402) — opens «Продвинутая практика» instead. A failed start says «Не удалось начать
// практику. Попробуйте ещё раз.» and the button works again.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Practice, PracticeStartBody, PracticeStartResponse } from '../../contract/practices';
import type { SourceType } from '../../contract/diary';
import { stubAction, stubActor, type NavigateParams } from '../effects';
import { paths } from '../paths';
import { topState } from '../view-model';

export interface PracticeDetailInput {
  id: string;
  /** From navigation state: 'ai_suggestion' when the chat suggested it (default 'manual'). */
  sourceType?: SourceType;
  sourceId?: string | null;
}

export interface PracticeDetailContext {
  id: string;
  sourceType: SourceType;
  sourceId: string | null;
  practice: Practice | null;
  startFailed: boolean;
}

/** What a start refused for the plan rejects with (HTTP 402); the API module throws it. */
export interface StartRefusal {
  reason: 'locked';
}

/** Navigation state of the session route: the session the start call opened and its practice. */
export interface PracticeSessionState {
  sessionId: string;
  practice: Practice;
}

export const practiceDetailMachine = setup({
  types: {
    context: {} as PracticeDetailContext,
    input: {} as PracticeDetailInput,
    events: {} as { type: 'RETRY' } | { type: 'START' } | { type: 'UPGRADE' } | { type: 'DISMISS' } | { type: 'BACK' },
  },
  actors: {
    /** Resolves to null when there is no such practice (HTTP 404). */
    loadPractice: stubActor<Practice | null, { id: string }>(),
    startPractice: stubActor<PracticeStartResponse, PracticeStartBody>(),
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
    /** Fetch the session screen and this practice's runner now, so opening the session needs only the start call. */
    prefetchSession: stubAction<{ id: string }>(),
  },
  guards: {
    isMissing: (_, params: { practice: Practice | null }) => params.practice === null,
    isLocked: ({ context }) => context.practice?.is_locked === true,
    isLockedRefusal: (_, params: { error: unknown }) =>
      (params.error as Partial<StartRefusal> | null)?.reason === 'locked',
  },
}).createMachine({
  id: 'practiceDetail',
  description: 'A practice’s page with «Начать практику».',
  context: ({ input }) => ({
    id: input.id,
    sourceType: input.sourceType ?? 'manual',
    sourceId: input.sourceId ?? null,
    practice: null,
    startFailed: false,
  }),
  initial: 'loading',
  on: {
    BACK: { actions: { type: 'navigate', params: { to: paths.practices } } },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPractice',
        src: 'loadPractice',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => ({ practice: event.output }) }, target: 'notFound' },
          { target: 'ready', actions: assign({ practice: ({ event }) => event.output }) },
        ],
        onError: { target: 'error' },
      },
    },
    notFound: { description: '«Практика не найдена».' },
    error: {
      description: '«Не удалось загрузить практику» with a retry button.',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      entry: { type: 'prefetchSession', params: ({ context }) => ({ id: context.id }) },
      initial: 'idle',
      states: {
        idle: {
          description: '«Начать практику», or «Улучшить тариф» for a locked practice.',
          on: {
            START: [
              { guard: 'isLocked', target: 'locked' },
              { target: 'starting', actions: assign({ startFailed: false }) },
            ],
          },
        },
        starting: {
          description: 'The button is busy while the start call runs.',
          invoke: {
            id: 'startPractice',
            src: 'startPractice',
            input: ({ context }) => ({
              practice_type: context.id,
              source_type: context.sourceType,
              source_id: context.sourceId,
            }),
            onDone: {
              target: 'started',
              actions: {
                type: 'navigate',
                params: ({ event }) => ({
                  to: paths.practiceSession(event.output.practice.id),
                  state: {
                    sessionId: event.output.session_id,
                    practice: event.output.practice,
                  } satisfies PracticeSessionState,
                }),
              },
            },
            onError: [
              {
                guard: { type: 'isLockedRefusal', params: ({ event }) => ({ error: event.error }) },
                target: 'locked',
                description: 'The plan changed since the page loaded: the server refused (402).',
                actions: assign({ practice: ({ context }) => ({ ...context.practice!, is_locked: true }) }),
              },
              { target: 'idle', actions: assign({ startFailed: true }) },
            ],
          },
        },
        locked: {
          description: '«Продвинутая практика»: «{practice} доступна на тарифах PRO и PREMIUM».',
          on: {
            UPGRADE: {
              target: 'idle',
              description: '«Улучшить тариф»',
              actions: { type: 'navigate', params: { to: paths.subscription } },
            },
            DISMISS: { target: 'idle', description: '«Позже» or a tap outside' },
          },
        },
        started: { description: 'The session screen opens.' },
      },
    },
  },
});

export type PracticeDetailStatus = 'loading' | 'notFound' | 'error' | 'ready';

/** The status, the practice, the start button's state and the locked dialog. */
export function practiceDetailView(snapshot: SnapshotFrom<typeof practiceDetailMachine>) {
  return {
    status: topState<PracticeDetailStatus>(snapshot),
    practice: snapshot.context.practice,
    starting: snapshot.matches({ ready: 'starting' }) || snapshot.matches({ ready: 'started' }),
    /** «Не удалось начать практику. Попробуйте ещё раз.» */
    startFailed: snapshot.context.startFailed && snapshot.matches({ ready: 'idle' }),
    lockedOpen: snapshot.matches({ ready: 'locked' }),
  };
}
