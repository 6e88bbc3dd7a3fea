// The grounding (5-4-3-2-1) and rating machines as two tables each: «Далее» only when every circle of the step is
// tapped, the last step's button, the comment box opening by itself for 1, 2 and 5, the link, the placeholders,
// and what «Завершить» sends.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { groundingMachine, groundingView } from '../../machines/practices/grounding.machine';
import { PRACTICE_FEEDBACK_MAX } from '../../contract/constants';
import { ratingMachine, ratingView } from '../../machines/practices/rating.machine';
import type { CaseEvent } from '../support/path-tests';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';

// The grounding as two tables, from the spec: five steps — sight 5, hearing 4, touch 3, smell 2, taste 1 — every
// circle tapped before «Далее» («Завершить» on the last). The key is the step and the circles tapped, in the order
// tapped. The walk taps the next circle; a tapped one again (it stays tapped, once); one past the last; and, on a
// fresh step, -1 and 0.5 (no circle): all three ignored. «Далее» is pressed at every count.
const SPEC_STEPS = [
  ['sight', 5],
  ['hearing', 4],
  ['touch', 3],
  ['smell', 2],
  ['taste', 1],
] as const;
const senses = SPEC_STEPS.map(([sense]) => sense);
const countOf = (value: unknown) => SPEC_STEPS.find(([sense]) => sense === value)?.[1];
const taps = (...indices: number[]): Record<string, CaseEvent> =>
  Object.fromEntries(indices.map((index) => [String(index), { type: 'TAP', index }]));
const upTo = (k: number) => Array.from({ length: k }, (_, i) => i);
const groundingKey = (s: AnyMachineSnapshot) => {
  const tapped = (s.context as { tapped: number[] }).tapped;
  return countOf(s.value) === undefined ? stateValue(s) : `${stateValue(s)} [${tapped.join(',')}]`;
};
const stepKey = (sense: string, k: number) => `${sense} [${upTo(k).join(',')}]`;
const GROUNDING_NO = { START: false, TAP: false, NEXT: false };
const outside = (status: 'intro' | 'finished') => ({
  status,
  sense: null,
  number: 0,
  steps: 5,
  circles: [],
  canNext: false,
  isLast: false,
});
const groundingStates: Record<string, StateRow> = {
  intro: { view: outside('intro'), can: { ...GROUNDING_NO, START: true } },
  finished: { view: outside('finished'), can: GROUNDING_NO, status: 'done' },
};
const groundingTransitions: Record<string, Record<string, string | TransitionRow>> = {
  intro: { START: stepKey('sight', 0) },
};
SPEC_STEPS.forEach(([sense, count], i) => {
  const following = SPEC_STEPS[i + 1];
  for (let k = 0; k <= count; k++) {
    const here = stepKey(sense, k);
    const all = k === count;
    groundingStates[here] = {
      view: {
        status: 'step',
        sense,
        number: i + 1,
        steps: 5,
        circles: upTo(count).map((c) => c < k),
        canNext: all,
        isLast: sense === 'taste',
      },
      can: { ...GROUNDING_NO, ...(all ? { NEXT: true } : { [`TAP ${k}`]: true }), ...(k > 0 && { 'TAP 0': true }) },
    };
    groundingTransitions[here] = {
      [`TAP ${count}`]: here,
      ...(k < count && { [`TAP ${k}`]: stepKey(sense, k + 1) }),
      ...(k > 0 && { 'TAP 0': here }),
      ...(k === 0 && { 'TAP -1': here, 'TAP 0.5': here }),
      NEXT: !all ? here : following ? stepKey(following[0], 0) : { to: 'finished', effects: [['finish']] },
    };
  }
});
describeMachineTables(groundingMachine, {
  view: groundingView,
  events: {
    TAP: (s) => {
      const count = countOf(s.value);
      // Outside the steps a tap is only asked of can().
      if (count === undefined) return taps(0);
      const k = (s.context as { tapped: number[] }).tapped.length;
      return taps(...new Set([...(k < count ? [k] : []), ...(k > 0 ? [0] : []), count, ...(k === 0 ? [-1, 0.5] : [])]));
    },
  },
  key: groundingKey,
  states: groundingStates,
  transitions: groundingTransitions,
  counts: { paths: 61, transitions: 81 },
});

describe('grounding', () => {
  it('walks the five senses in order with 5, 4, 3, 2 and 1 circles', () => {
    const actor = createActor(groundingMachine).start();
    actor.send({ type: 'START' });
    const seen: Array<[string | null, number]> = [];
    for (const [, count] of SPEC_STEPS) {
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

// The rating as two tables, built from the rules of the spec written here (not from the machine): 1, 2 and 5
// open the box by themselves and offer the link; 3 and 4 leave the box as it is; 0, 2.5 and 6 are ignored.
const STARS = { one: 1, three: 3, five: 5 } as const;
const IGNORED = { zero: 0, half: 2.5, six: 6 } as const;
type Stars = keyof typeof STARS;
const invites = (n: number) => n === 1 || n === 5;
const placeholder = (n: number) => (n <= 2 ? 'whatWentWrong' : n === 5 ? 'whatHelped' : 'impressions');
// The comment as typed: none yet, padded and too long (kept to 500), blank.
const COMMENTS = { none: '', long: `  ${LONG}`.slice(0, PRACTICE_FEEDBACK_MAX), blank: '   ' } as const;
type Comment = keyof typeof COMMENTS;
const SENT = { none: null, long: 'а'.repeat(PRACTICE_FEEDBACK_MAX - 2), blank: null };
const comments = Object.keys(COMMENTS) as Comment[];
const boxes = ['commentClosed', 'commentOpen'] as const;
const ratedKey = (box: string, stars: Stars, comment: Comment) => `rated.${box} ${stars} ${comment}`;

const ratingStates: Record<string, StateRow> = {
  unrated: {
    view: {
      rating: 0,
      commentOpen: false,
      comment: '',
      showAddComment: false,
      placeholder: 'whatWentWrong',
      canSubmit: false,
      atRisk: false,
    },
    can: {
      ...Object.fromEntries(Object.keys(STARS).map((k) => [`RATE ${k}`, true])),
      ...Object.fromEntries(Object.keys(IGNORED).map((k) => [`RATE ${k}`, false])),
      'COMMENT.OPEN': false,
      'COMMENT.CLOSE': false,
      'COMMENT.CHANGE': false,
      SUBMIT: false,
    },
  },
};
const ratingTransitions: Record<string, Record<string, string | TransitionRow>> = {
  unrated: {
    ...Object.fromEntries(
      (Object.keys(STARS) as Stars[]).map((k) => [
        `RATE ${k}`,
        { to: ratedKey(invites(STARS[k]) ? 'commentOpen' : 'commentClosed', k, 'none'), context: { rating: STARS[k] } },
      ]),
    ),
    ...Object.fromEntries(Object.keys(IGNORED).map((k) => [`RATE ${k}`, 'unrated'])),
  },
};
for (const box of boxes)
  for (const stars of Object.keys(STARS) as Stars[])
    for (const comment of comments) {
      const n = STARS[stars];
      const open = box === 'commentOpen';
      const here = ratedKey(box, stars, comment);
      ratingStates[here] = {
        view: {
          rating: n,
          commentOpen: open,
          comment: COMMENTS[comment],
          showAddComment: !open && invites(n),
          placeholder: placeholder(n),
          canSubmit: true,
          atRisk: false,
        },
        can: {
          ...Object.fromEntries(Object.keys(STARS).map((k) => [`RATE ${k}`, true])),
          ...Object.fromEntries(Object.keys(IGNORED).map((k) => [`RATE ${k}`, false])),
          'COMMENT.OPEN': !open && invites(n),
          'COMMENT.CLOSE': open,
          'COMMENT.CHANGE': open,
          SUBMIT: true,
        },
      };
      ratingTransitions[here] = {
        ...Object.fromEntries(
          (Object.keys(STARS) as Stars[]).map((k) => [
            `RATE ${k}`,
            ratedKey(invites(STARS[k]) ? 'commentOpen' : box, k, comment),
          ]),
        ),
        ...Object.fromEntries(Object.keys(IGNORED).map((k) => [`RATE ${k}`, here])),
        // «Завершить» sends the rating and the comment trimmed (blank → null); the screen leaves.
        SUBMIT: { to: here, effects: [['submit', { rating: n, feedback: SENT[comment] }]] },
        ...(open
          ? {
              'COMMENT.CLOSE': ratedKey('commentClosed', stars, comment),
              'COMMENT.CHANGE long': ratedKey(box, stars, 'long'),
              'COMMENT.CHANGE blank': ratedKey(box, stars, 'blank'),
            }
          : { 'COMMENT.OPEN': invites(n) ? ratedKey('commentOpen', stars, comment) : here }),
      };
    }

describeMachineTables(ratingMachine, {
  view: ratingView,
  events: {
    RATE: Object.fromEntries(
      Object.entries({ ...STARS, ...IGNORED }).map(([label, stars]) => [label, { type: 'RATE', stars }]),
    ),
    'COMMENT.CHANGE': {
      long: { type: 'COMMENT.CHANGE', text: `  ${LONG}` },
      blank: { type: 'COMMENT.CHANGE', text: '   ' },
    },
  },
  key: (s) => {
    if (s.matches('unrated')) return 'unrated';
    const stars = Object.entries(STARS).find(([, n]) => n === s.context.rating)?.[0];
    const comment = comments.find((c) => COMMENTS[c] === s.context.comment);
    return `${stateValue(s)} ${stars} ${comment}`;
  },
  states: ratingStates,
  transitions: ratingTransitions,
  maxPaths: 800,
  counts: { paths: 150, transitions: 168 },
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
  // The tables rate with 1, 3 and 5 only: every star count's placeholder, as the spec words it.
  it.each([
    [1, 'whatWentWrong'],
    [2, 'whatWentWrong'],
    [3, 'impressions'],
    [4, 'impressions'],
    [5, 'whatHelped'],
  ])('%i star(s): the box asks %s', (n, asks) => expect(ratingView(rate(n).getSnapshot()).placeholder).toBe(asks));
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
