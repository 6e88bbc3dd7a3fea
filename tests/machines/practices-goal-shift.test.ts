// «Смещение цели» as two tables (tests/machines/step-paths.ts: the state step is a choice, «ease» of the list or
// «гнев», which «Далее» does not accept) and the walk.
import { describe, expect, it } from 'vitest';
import { goalShiftMachine, goalShiftView } from '../../machines/practices/steps/goal-shift.machine';
import { GOAL_STATES } from '../../machines/practices/steps/step-practices';
import { DRAFT_CLIENT_ID, describeStepMachineTables, startStepMachine } from './step-paths';

describeStepMachineTables(goalShiftMachine, goalShiftView, {
  practice: 'goal_shift',
  draft: {
    practice: 'goal_shift',
    step: 'action',
    answers: { task: 'Отчёт за квартал', state: 'calm', action: '' },
    ratings: null,
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
  // «Продолжить» on each of its branches.
  resumeOn: ['state', 'task'],
  counts: { paths: 94, transitions: 126 },
});

describe('goal shift', () => {
  it('the task, a state of the list, the action', async () => {
    const { actor, finished, write, send } = await startStepMachine(goalShiftMachine);
    const view = () => goalShiftView(actor.getSnapshot());
    write('task', 'Разобрать почту');
    send('NEXT');
    expect(view()).toMatchObject({ step: 'state', canNext: false, fields: [{ field: 'state', required: true }] });
    write('state', 'Спокойствие');
    expect(view().canNext).toBe(false);
    for (const state of GOAL_STATES) {
      write('state', state);
      expect(view().canNext).toBe(true);
    }
    send('NEXT');
    write('action', 'Открыть первые пять писем');
    send('NEXT');
    expect(finished).toEqual([
      expect.objectContaining({
        answers: { task: 'Разобрать почту', state: 'joy', action: 'Открыть первые пять писем' },
      }),
    ]);
  });
});
