// «Колесо баланса»: generated paths over the sliders (integers 1–10 only), the review's average and weak areas, the
// plan for every weak area, and the skip straight to the finish when every area is 6 or more — each guard both ways
// with the view model asserted in every state; then walks with one weak area and with none.
import { beforeEach, describe, expect, it } from 'vitest';
import { balanceWheelMachine, balanceWheelView } from '../../machines/practices/steps/balance-wheel.machine';
import { stepsView, type StepContext } from '../../machines/practices/steps/step-flow';
import { WHEEL_AREAS, weakAreas, wheelAverage, type WheelRatings } from '../../machines/practices/steps/step-practices';
import type { CaseEvent } from '../support/path-tests';
import { DRAFT_CLIENT_ID, describeStepMachinePaths, fieldCases, startStepMachine, type Effects } from './step-paths';

const effects: Effects = [];
beforeEach(() => {
  effects.length = 0;
});

type Snap = Parameters<typeof balanceWheelView>[0];
const ratingsOf = (s: Snap) => (s.context as StepContext<'balance_wheel'>).ratings!;
const planned = (s: Snap) => weakAreas(ratingsOf(s)).filter((a) => s.context.answers[a].trim() !== '');

describeStepMachinePaths(balanceWheelMachine, effects, {
  practice: 'balance_wheel',
  // Telegram's Back from every state adds its paths (444 of them with the wheel's RATE cases).
  maxPaths: 500,
  draft: {
    practice: 'balance_wheel',
    step: 'plan',
    answers: { energy: 'Ложиться до полуночи', focus: '', emotions: '', relationships: '' },
    ratings: { energy: 3, focus: 7, emotions: 5, relationships: 9 },
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
  events: {
    // Every area can become strong (8); energy can also move within the weak range (2). Not integers of 1–10, or
    // no such area: ignored.
    RATE: [
      ...WHEEL_AREAS.map((area) => ({ type: 'RATE', area, value: 8 })),
      { type: 'RATE', area: 'energy', value: 2 },
      { type: 'RATE', area: 'energy', value: 0 },
      { type: 'RATE', area: 'focus', value: 11 },
      { type: 'RATE', area: 'emotions', value: 6.5 },
      { type: 'RATE', area: 'sleep', value: 7 },
    ] satisfies CaseEvent[],
    // The plan of each weak area, and a plan for an area that is not weak (ignored).
    'FIELD.CHANGE': (s) => [
      ...fieldCases('balance_wheel')(s),
      ...WHEEL_AREAS.filter((a) => !weakAreas(ratingsOf(s)).includes(a))
        .slice(0, 1)
        .map((field) => ({ type: 'FIELD.CHANGE', field, value: 'План' })),
    ],
  },
  // How many areas are weak and how many of them have a plan (which ones is the representative's).
  key: (s) => [weakAreas(ratingsOf(s)).length, planned(s).length],
  assert: {
    writing: (s) => {
      const ratings = ratingsOf(s);
      const v = balanceWheelView(s);
      for (const area of WHEEL_AREAS)
        expect(Number.isInteger(ratings[area]) && ratings[area] >= 1 && ratings[area] <= 10).toBe(true);
      expect(v.ratings).toBe(ratings);
      expect(v.weak).toEqual(WHEEL_AREAS.filter((a) => ratings[a] < 6));
      expect(v.average).toBe(
        Math.round(((ratings.energy + ratings.focus + ratings.emotions + ratings.relationships) / 4) * 10) / 10,
      );
      expect(v.of).toBe(v.weak.length ? 3 : 2);
    },
    'writing.rate': (s) => expect(balanceWheelView(s)).toMatchObject({ canNext: true, fields: [], isLast: false }),
    'writing.review': (s) => {
      // The skip: with no weak area «Далее» reads «Завершить» and goes straight to the finish.
      expect(balanceWheelView(s)).toMatchObject({ canNext: true, isLast: weakAreas(ratingsOf(s)).length === 0 });
    },
    'writing.plan': (s) => {
      const v = balanceWheelView(s);
      expect(v.weak.length).toBeGreaterThan(0);
      expect(v.fields.map((f) => f.field)).toEqual(v.weak);
      expect(v.canNext).toBe(planned(s).length === v.weak.length);
    },
    finished: (s) => {
      // Finished from the review only when nothing was weak; from the plan, every weak area has a plan.
      const steps = effects.filter(([name]) => name === 'saveDraft').map(([, p]) => (p as { step: string }).step);
      if (weakAreas(ratingsOf(s)).length === 0) expect(steps.at(-1)).toBe('review');
      else {
        expect(steps.at(-1)).toBe('plan');
        expect(planned(s)).toEqual(weakAreas(ratingsOf(s)));
      }
      expect(stepsView(s, 'balance_wheel').status).toBe('finished');
    },
  },
});

describe('balance wheel', () => {
  const rateAll = (send: (e: never) => void, ratings: WheelRatings) => {
    for (const area of WHEEL_AREAS) send({ type: 'RATE', area, value: ratings[area] } as never);
  };

  it('starts with every area at 5 (all weak, average 5)', async () => {
    const { actor } = await startStepMachine(balanceWheelMachine);
    expect(balanceWheelView(actor.getSnapshot())).toMatchObject({
      step: 'rate',
      number: 1,
      of: 3,
      ratings: { energy: 5, focus: 5, emotions: 5, relationships: 5 },
      weak: ['energy', 'focus', 'emotions', 'relationships'],
      average: 5,
    });
  });

  it('one weak area: the review shows it and the average with one decimal; the plan asks for it alone', async () => {
    const { actor, finished, write, send } = await startStepMachine(balanceWheelMachine);
    const view = () => balanceWheelView(actor.getSnapshot());
    rateAll(actor.send, { energy: 4, focus: 7, emotions: 8, relationships: 6 });
    send('NEXT');
    expect(view()).toMatchObject({ step: 'review', number: 2, of: 3, weak: ['energy'], average: 6.3, isLast: false });
    send('NEXT');
    expect(view()).toMatchObject({ step: 'plan', number: 3, canNext: false, isLast: true });
    expect(view().fields).toEqual([{ field: 'energy', required: true, max: 400 }]);
    write('energy', '  ');
    expect(view().canNext).toBe(false);
    write('energy', 'Гулять 20 минут после обеда');
    send('NEXT');
    expect(finished).toEqual([
      expect.objectContaining({
        step: 'plan',
        ratings: { energy: 4, focus: 7, emotions: 8, relationships: 6 },
        answers: { energy: 'Гулять 20 минут после обеда', focus: '', emotions: '', relationships: '' },
      }),
    ]);
  });

  it('every area 6 or more: the review reads «Завершить» and the plan is skipped', async () => {
    const { actor, finished, send } = await startStepMachine(balanceWheelMachine);
    rateAll(actor.send, { energy: 6, focus: 6, emotions: 10, relationships: 7 });
    send('NEXT');
    expect(balanceWheelView(actor.getSnapshot())).toMatchObject({
      step: 'review',
      of: 2,
      isLast: true,
      weak: [],
      average: 7.3,
    });
    send('NEXT');
    expect(actor.getSnapshot().status).toBe('done');
    expect(finished).toEqual([expect.objectContaining({ step: 'review' })]);
  });

  it('«Назад» keeps the ratings and the plans; a plan of an area no longer weak stays but is not asked for', async () => {
    const { actor, write, send } = await startStepMachine(balanceWheelMachine);
    const view = () => balanceWheelView(actor.getSnapshot());
    rateAll(actor.send, { energy: 3, focus: 5, emotions: 9, relationships: 9 });
    send('NEXT');
    send('NEXT');
    write('energy', 'Спать больше');
    send('PREVIOUS');
    send('PREVIOUS');
    expect(view().ratings).toEqual({ energy: 3, focus: 5, emotions: 9, relationships: 9 });
    actor.send({ type: 'RATE', area: 'energy', value: 7 });
    send('NEXT');
    send('NEXT');
    expect(view()).toMatchObject({ step: 'plan', weak: ['focus'], canNext: false });
    expect(view().answers.energy).toBe('Спать больше');
  });

  it('the average rounds to one decimal', () => {
    expect(wheelAverage({ energy: 1, focus: 2, emotions: 2, relationships: 2 })).toBe(1.8);
    expect(wheelAverage({ energy: 10, focus: 10, emotions: 10, relationships: 9 })).toBe(9.8);
    expect(wheelAverage({ energy: 5, focus: 6, emotions: 6, relationships: 6 })).toBe(5.8);
  });
});
