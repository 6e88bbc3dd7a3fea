// The rating that ends every practice: 1–5 stars and an optional comment. Choosing 1, 2 or 5 opens the comment
// box by itself (3 and 4 do not); «+ Добавить комментарий» shows for 1, 2 and 5 while the box is closed;
// «Завершить» needs a rating. The comment keeps at most 500 characters and is sent trimmed, blank as null.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { stubAction } from '../effects';
import { PRACTICE_FEEDBACK_MAX } from '../../contract/constants';
import { signalsRisk } from '../../contract/safety/on-device';

export interface RatingResult {
  rating: number;
  feedback: string | null;
}

export type RatingEvent =
  | { type: 'RATE'; stars: number }
  | { type: 'COMMENT.OPEN' }
  | { type: 'COMMENT.CLOSE' }
  | { type: 'COMMENT.CHANGE'; text: string }
  | { type: 'SUBMIT' };

/** The ratings that open the comment box by themselves and offer «+ Добавить комментарий». */
const invitesComment = (stars: number) => stars === 1 || stars === 2 || stars === 5;

export const ratingMachine = setup({
  types: {
    context: {} as { rating: number; comment: string },
    events: {} as RatingEvent,
  },
  actions: {
    /** «Завершить»: the session sends the rating (and keeps it if sending fails). */
    submit: stubAction<RatingResult>(),
    setRating: assign({ rating: (_, params: { stars: number }) => params.stars }),
    setComment: assign({ comment: (_, params: { text: string }) => params.text.slice(0, PRACTICE_FEEDBACK_MAX) }),
  },
  guards: {
    isStars: (_, params: { stars: number }) => Number.isInteger(params.stars) && params.stars >= 1 && params.stars <= 5,
    invitesComment: (_, params: { stars: number }) => invitesComment(params.stars),
    offersComment: ({ context }) => invitesComment(context.rating),
  },
}).createMachine({
  id: 'rating',
  description: '«Как вам практика?»: stars, an optional comment and «Завершить».',
  context: { rating: 0, comment: '' },
  initial: 'unrated',
  states: {
    unrated: {
      description: '«Завершить» is disabled until a star is chosen.',
      on: {
        RATE: [
          {
            guard: { type: 'invitesComment', params: ({ event }) => ({ stars: event.stars }) },
            target: 'rated.commentOpen',
            actions: { type: 'setRating', params: ({ event }) => ({ stars: event.stars }) },
          },
          {
            guard: { type: 'isStars', params: ({ event }) => ({ stars: event.stars }) },
            target: 'rated.commentClosed',
            actions: { type: 'setRating', params: ({ event }) => ({ stars: event.stars }) },
          },
        ],
      },
    },
    rated: {
      on: {
        RATE: [
          {
            guard: { type: 'invitesComment', params: ({ event }) => ({ stars: event.stars }) },
            target: '.commentOpen',
            description: '1, 2 or 5 opens the box by itself.',
            actions: { type: 'setRating', params: ({ event }) => ({ stars: event.stars }) },
          },
          {
            guard: { type: 'isStars', params: ({ event }) => ({ stars: event.stars }) },
            description: '3 or 4 leaves the box as it is.',
            actions: { type: 'setRating', params: ({ event }) => ({ stars: event.stars }) },
          },
        ],
        SUBMIT: {
          actions: {
            type: 'submit',
            params: ({ context }) => ({ rating: context.rating, feedback: context.comment.trim() || null }),
          },
        },
      },
      initial: 'commentClosed',
      states: {
        commentClosed: {
          on: {
            'COMMENT.OPEN': {
              guard: 'offersComment',
              target: 'commentOpen',
              description: '«+ Добавить комментарий» (shown for 1, 2 and 5).',
            },
          },
        },
        commentOpen: {
          description: 'The comment box; what is typed is kept when it is folded away.',
          on: {
            'COMMENT.CHANGE': { actions: { type: 'setComment', params: ({ event }) => ({ text: event.text }) } },
            'COMMENT.CLOSE': { target: 'commentClosed' },
          },
        },
      },
    },
  },
});

export type RatingPlaceholder = 'whatWentWrong' | 'whatHelped' | 'impressions';

/** Stars, the label key, the comment box and its placeholder, the link and whether «Завершить» is enabled. */
export function ratingView(snapshot: SnapshotFrom<typeof ratingMachine>) {
  const { rating, comment } = snapshot.context;
  const rated = snapshot.matches('rated');
  const commentOpen = snapshot.matches({ rated: 'commentOpen' });
  return {
    rating: rated ? rating : 0,
    commentOpen,
    comment,
    /** «+ Добавить комментарий»: 1, 2 and 5, only while the box is closed. */
    showAddComment: rated && !commentOpen && invitesComment(rating),
    placeholder: (rating <= 2 ? 'whatWentWrong' : rating === 5 ? 'whatHelped' : 'impressions') as RatingPlaceholder,
    canSubmit: rated,
    /** The comment signals a risk of suicide or self-harm: the crisis lines show beside it. */
    atRisk: signalsRisk(comment),
  };
}
