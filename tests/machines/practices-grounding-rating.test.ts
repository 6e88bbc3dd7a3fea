// Generated paths of the grounding (5-4-3-2-1) and rating machines: «Далее» only when every circle of the step
// is tapped, the last step's button, the comment box opening by itself for 1, 2 and 5, the link, the
// placeholders, and what «Завершить» sends.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { GROUNDING_STEPS, groundingMachine, groundingView } from '../../machines/practices/grounding.machine';
import { PRACTICE_FEEDBACK_MAX } from '../../contract/constants';
import { ratingMachine, ratingView } from '../../machines/practices/rating.machine';
import { describeMachinePaths, type CaseEvent } from '../support/path-tests';

let effects: Array<[string, unknown]> = [];
const recorded = () => {
  effects = [];
  return {
    actions: {
      finish: () => void effects.push(['finish', undefined]),
      submit: (_: unknown, params: unknown) => void effects.push(['submit', params]),
    },
  };
};

const senses = GROUNDING_STEPS.map((s) => s.sense);

describeMachinePaths(groundingMachine, {
  provide: recorded,
  events: {
    // The next untapped circle, a circle already tapped, and one past the last.
    TAP: (s) => {
      const step = GROUNDING_STEPS.find((g) => g.sense === s.value);
      if (!step) return [];
      const tapped: number[] = s.context.tapped;
      const next = Array.from({ length: step.count }, (_, i) => i).find((i) => !tapped.includes(i));
      const cases: CaseEvent[] = [{ type: 'TAP', index: step.count }];
      if (next !== undefined) cases.push({ type: 'TAP', index: next });
      if (tapped.length) cases.push({ type: 'TAP', index: tapped[0]! });
      return cases;
    },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.tapped.length]),
  assert: {
    intro: (s) => {
      expect(groundingView(s)).toMatchObject({ status: 'intro', sense: null, circles: [] });
      expect(s.can({ type: 'NEXT' })).toBe(false);
    },
    ...Object.fromEntries(
      GROUNDING_STEPS.map(({ sense, count }, i) => [
        sense,
        (s: Parameters<typeof groundingView>[0]) => {
          const v = groundingView(s);
          expect(v).toMatchObject({ status: 'step', sense, number: i + 1, steps: 5, isLast: sense === 'taste' });
          expect(v.circles).toHaveLength(count);
          expect(v.circles.filter(Boolean)).toHaveLength(s.context.tapped.length);
          expect(s.context.tapped.every((n: number) => n >= 0 && n < count)).toBe(true);
          // «Далее» («Завершить» on the last step) exactly when every circle is tapped.
          expect(v.canNext).toBe(s.context.tapped.length === count);
          expect(effects).toEqual([]);
        },
      ]),
    ),
    finished: (s) => {
      expect(groundingView(s).status).toBe('finished');
      expect(effects).toEqual([['finish', undefined]]);
    },
  },
});

describe('grounding', () => {
  it('walks the five senses in order with 5, 4, 3, 2 and 1 circles', () => {
    const actor = createActor(groundingMachine).start();
    actor.send({ type: 'START' });
    const seen: Array<[string | null, number]> = [];
    for (const { count } of GROUNDING_STEPS) {
      const v = groundingView(actor.getSnapshot());
      seen.push([v.sense, v.circles.length]);
      for (let i = 0; i < count; i++) actor.send({ type: 'TAP', index: i });
      actor.send({ type: 'NEXT' });
    }
    expect(seen).toEqual(senses.map((sense, i) => [sense, 5 - i]));
    expect(actor.getSnapshot().status).toBe('done');
  });
});

const LONG = 'а'.repeat(PRACTICE_FEEDBACK_MAX + 100);

describeMachinePaths(ratingMachine, {
  provide: recorded,
  events: {
    RATE: [1, 2, 3, 4, 5, 0, 2.5].map((stars) => ({ type: 'RATE', stars })),
    // Padded and too long (kept to 500, sent trimmed), and blank (sent as null).
    'COMMENT.CHANGE': [
      { type: 'COMMENT.CHANGE', text: `  ${LONG}` },
      { type: 'COMMENT.CHANGE', text: '   ' },
    ],
  },
  // Ratings and comments connect every state with every other: simple paths would be countless.
  paths: 'shortest',
  serializeState: (s) => JSON.stringify([s.value, s.context.rating, s.context.comment.length]),
  maxPaths: 500,
  assert: {
    unrated: (s) => {
      expect(ratingView(s)).toMatchObject({ rating: 0, canSubmit: false, commentOpen: false, showAddComment: false });
      expect(s.can({ type: 'SUBMIT' })).toBe(false);
      expect(effects).toEqual([]);
    },
    rated: (s) => {
      const v = ratingView(s);
      const { rating, comment } = s.context;
      expect([1, 2, 3, 4, 5]).toContain(rating);
      expect(v.rating).toBe(rating);
      expect(v.canSubmit).toBe(true);
      expect(comment.length).toBeLessThanOrEqual(PRACTICE_FEEDBACK_MAX);
      expect(v.placeholder).toBe(rating <= 2 ? 'whatWentWrong' : rating === 5 ? 'whatHelped' : 'impressions');
      // The link shows for 1, 2 and 5 only while the box is closed.
      expect(v.showAddComment).toBe(!v.commentOpen && [1, 2, 5].includes(rating));
      // «Завершить» sends the rating and the comment trimmed (blank → null).
      for (const [name, params] of effects) {
        expect(name).toBe('submit');
        expect(params).toEqual({ rating, feedback: comment.trim() || null });
      }
    },
    'rated.commentOpen': (s) => expect(ratingView(s).commentOpen).toBe(true),
  },
});

describe('rating', () => {
  const rate = (...stars: number[]) => {
    const actor = createActor(ratingMachine).start();
    for (const n of stars) actor.send({ type: 'RATE', stars: n });
    return actor;
  };
  it.each([1, 2, 5])('%i star(s) open the comment box by itself', (n) =>
    expect(ratingView(rate(n).getSnapshot()).commentOpen).toBe(true),
  );
  it.each([3, 4])('%i stars do not', (n) => {
    const v = ratingView(rate(n).getSnapshot());
    expect(v).toMatchObject({ commentOpen: false, showAddComment: false, canSubmit: true });
  });
  it('a comment in words of suicide or self-harm brings the crisis lines; an everyday one does not', () => {
    const actor = rate(1);
    actor.send({ type: 'COMMENT.CHANGE', text: 'Скучно, убила время впустую' });
    expect(ratingView(actor.getSnapshot()).atRisk).toBe(false);
    actor.send({ type: 'COMMENT.CHANGE', text: 'Ничего не помогает, не вижу смысла жить' });
    expect(ratingView(actor.getSnapshot())).toMatchObject({ atRisk: true, canSubmit: true });
  });

  it('an open box stays open when the rating changes to 3 or 4; folding it keeps the text', () => {
    const actor = rate(5, 4);
    expect(ratingView(actor.getSnapshot()).commentOpen).toBe(true);
    actor.send({ type: 'COMMENT.CHANGE', text: 'Помогло' });
    actor.send({ type: 'COMMENT.CLOSE' });
    expect(ratingView(actor.getSnapshot())).toMatchObject({
      commentOpen: false,
      showAddComment: false,
      comment: 'Помогло',
    });
    actor.send({ type: 'RATE', stars: 1 });
    expect(ratingView(actor.getSnapshot())).toMatchObject({ commentOpen: true, comment: 'Помогло' });
    actor.send({ type: 'COMMENT.CLOSE' });
    expect(ratingView(actor.getSnapshot()).showAddComment).toBe(true);
    actor.send({ type: 'COMMENT.OPEN' });
    expect(ratingView(actor.getSnapshot()).commentOpen).toBe(true);
  });
});
