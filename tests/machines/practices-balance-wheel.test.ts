// «Колесо баланса» as two tables (tests/machines/step-paths.ts): the sliders (integers 1–10 only), the review's
// average and weak areas, the plan for every weak area, and the skip straight to the finish when every area is 6 or
// more; then walks with one weak area and with none.
import { describe, expect, it } from 'vitest';
import { balanceWheelMachine, balanceWheelView } from '../../machines/practices/steps/balance-wheel.machine';
import { WHEEL_AREAS, wheelAverage, type WheelRatings } from '../../machines/practices/steps/step-practices';
import { DRAFT_CLIENT_ID, describeStepMachineTables, startStepMachine } from './step-paths';

describeStepMachineTables(balanceWheelMachine, balanceWheelView, {
  practice: 'balance_wheel',
  draft: {
    practice: 'balance_wheel',
    step: 'plan',
    answers: { energy: 'Ложиться до полуночи', focus: '', emotions: '', relationships: '' },
    ratings: { energy: 3, focus: 7, emotions: 5, relationships: 9 },
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
  guardSides: { isField: 'the wheel writes only plans: FIELD.CHANGE is the plan step’s, guarded by isWeakArea' },
  // «Продолжить» on each of its branches.
  resumeOn: ['review', 'rate'],
  counts: { paths: 272, transitions: 388 },
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

  it('the view hands the screen the same fields and weak areas until they change (step-flow.ts)', async () => {
    const { actor, write, send } = await startStepMachine(balanceWheelMachine);
    const view = () => balanceWheelView(actor.getSnapshot());
    const start = view();
    actor.send({ type: 'RATE', area: 'energy', value: 4 });
    expect(view().ratings).toMatchObject({ energy: 4 });
    // Still every area below 6: the same arrays.
    expect(view().weak).toBe(start.weak);
    expect(view().fields).toBe(start.fields);
    send('NEXT');
    send('NEXT');
    const plan = view();
    expect(plan.fields.map((f) => f.field)).toEqual(['energy', 'focus', 'emotions', 'relationships']);
    write('energy', 'Спать больше');
    expect(view().answers.energy).toBe('Спать больше');
    expect(view().fields).toBe(plan.fields);
    expect(view().weak).toBe(plan.weak);
  });

  it('a slider moved in a wheel sent to the diary is a new text: a new client id, not sent', async () => {
    const sent = {
      practice: 'balance_wheel' as const,
      step: 'review' as const,
      answers: { energy: '', focus: '', emotions: '', relationships: '' },
      ratings: { energy: 7, focus: 7, emotions: 7, relationships: 7 },
      clientId: DRAFT_CLIENT_ID,
      submitted: true,
    };
    const { actor, saved, send } = await startStepMachine(balanceWheelMachine, sent);
    send('CONTINUE');
    send('PREVIOUS');
    expect(actor.getSnapshot().context).toMatchObject({ clientId: DRAFT_CLIENT_ID, submitted: true });
    actor.send({ type: 'RATE', area: 'energy', value: 3 });
    expect(balanceWheelView(actor.getSnapshot()).sentToDiary).toBe(false);
    expect(saved.at(-1)).toEqual({
      step: 'rate',
      answers: sent.answers,
      ratings: { energy: 3, focus: 7, emotions: 7, relationships: 7 },
      // A new id from newClientId, not the draft's.
      clientId: expect.stringMatching(/^00000000-0000-4000-8000-\d{12}$/),
      submitted: false,
    });
  });

  it('the average rounds to one decimal', () => {
    expect(wheelAverage({ energy: 1, focus: 2, emotions: 2, relationships: 2 })).toBe(1.8);
    expect(wheelAverage({ energy: 10, focus: 10, emotions: 10, relationships: 9 })).toBe(9.8);
    expect(wheelAverage({ energy: 5, focus: 6, emotions: 6, relationships: 6 })).toBe(5.8);
  });
});
