// A practice session after its start call: the practice's runner plays (the screen kept awake), then «Отлично!» /
// «Как вам практика?» with the rating, then the complete call; on success the list thanks the user by the
// practice's name. «Пропустить» completes it unrated, ending as a rated session does. A failed complete shows «Не
// удалось завершить практику» and keeps the rating to send again. Back goes to the practice's detail page.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { PracticeId } from '../../contract/practices';
import { stubAction, stubActor, stubCallback, type NavigateParams } from '../effects';
import { paths } from '../paths';
import { topState } from '../view-model';
import type { RatingResult } from './rating.machine';

export interface PracticeSessionInput {
  sessionId: string;
  practice: { id: PracticeId; name: string };
}

/** What the complete call sends: the rating, or none when it was skipped (rating and feedback null). */
export interface SentRating {
  rating: number | null;
  feedback: string | null;
}

export interface CompleteSessionInput extends SentRating {
  sessionId: string;
}

export interface PracticeSessionContext extends PracticeSessionInput {
  /** What the runner handed over when it finished (a step practice's answers); shown beside the rating. */
  result: unknown;
  /** The rating last sent (or the skip), kept for another try. */
  sent: SentRating | null;
  failed: boolean;
}

export type PracticeSessionEvent =
  { type: 'FINISHED'; result?: unknown } | ({ type: 'SUBMIT' } & RatingResult) | { type: 'SKIP' } | { type: 'BACK' };

export const practiceSessionMachine = setup({
  types: {
    context: {} as PracticeSessionContext,
    input: {} as PracticeSessionInput,
    events: {} as PracticeSessionEvent,
  },
  actors: {
    /** POST /api/practices/{session_id}/complete; «already completed» counts as done (a retry after a lost answer). */
    completeSession: stubActor<void, CompleteSessionInput>(),
    /** Keeps the screen awake while the practice plays, where the client allows it. */
    keepAwake: stubCallback(),
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
    /** The session is completed: the runner's module may let go of what it kept for it (a step practice's draft). */
    sessionCompleted: stubAction<{ result: unknown }>(),
  },
  guards: {
    isRating: (_, params: { rating: number }) =>
      Number.isInteger(params.rating) && params.rating >= 1 && params.rating <= 5,
  },
}).createMachine({
  id: 'practiceSession',
  description: 'One practice session: the runner, the rating, the complete call.',
  context: ({ input }) => ({ ...input, result: null, sent: null, failed: false }),
  initial: 'running',
  on: {
    BACK: {
      description: 'Back (the Telegram button or ours) goes to the practice’s detail page.',
      actions: { type: 'navigate', params: ({ context }) => ({ to: paths.practice(context.practice.id) }) },
    },
  },
  states: {
    running: {
      description: 'The practice’s own runner (chosen by practice id) plays.',
      invoke: { id: 'keepAwake', src: 'keepAwake' },
      on: {
        FINISHED: { target: 'rating', actions: assign({ result: ({ event }) => event.result ?? null }) },
      },
    },
    rating: {
      description: '«Отлично!» / «Как вам практика?» with the stars, the comment and «Завершить».',
      on: {
        SUBMIT: {
          guard: { type: 'isRating', params: ({ event }) => ({ rating: event.rating }) },
          target: 'completing',
          actions: assign({
            sent: ({ event }) => ({ rating: event.rating, feedback: event.feedback }),
            failed: false,
          }),
        },
        SKIP: {
          description: '«Пропустить»: the session is completed with no rating, and ends as a rated one does.',
          target: 'completing',
          actions: assign({ sent: { rating: null, feedback: null }, failed: false }),
        },
      },
    },
    completing: {
      description: '«Завершить» is busy while the rating is sent.',
      invoke: {
        id: 'completeSession',
        src: 'completeSession',
        input: ({ context }) => ({ sessionId: context.sessionId, ...context.sent! }),
        onDone: { target: 'done' },
        onError: { target: 'rating', actions: assign({ failed: true }) },
      },
    },
    done: {
      type: 'final',
      entry: [
        { type: 'sessionCompleted', params: ({ context }) => ({ result: context.result }) },
        {
          type: 'navigate',
          params: ({ context }) => ({
            to: paths.practices,
            replace: true,
            state: { completedPractice: context.practice.name },
          }),
        },
      ],
    },
  },
});

export type PracticeSessionStatus = 'running' | 'rating' | 'completing' | 'done';

/** Which part of the session shows, what the runner handed over, and the complete call's state. */
export function practiceSessionView(snapshot: SnapshotFrom<typeof practiceSessionMachine>) {
  const status = topState<PracticeSessionStatus>(snapshot);
  return {
    status,
    result: snapshot.context.result,
    /** The rating screen shows while sending too (its stars and comment stay as they are). */
    showsRating: status === 'rating' || status === 'completing',
    sending: status === 'completing',
    /** Which button is busy while sending: «Пропустить» (true) or «Завершить». */
    skipping: status === 'completing' && snapshot.context.sent?.rating === null,
    /** «Не удалось завершить практику»; the rating is still there to send again. */
    failed: snapshot.context.failed && status === 'rating',
  };
}
