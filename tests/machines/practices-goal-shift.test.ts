// «Смещение цели»: generated paths (every guard both ways, a state of the list or not, drafts) and the walk.
import { beforeEach, describe, expect, it } from 'vitest';
import { goalShiftMachine, goalShiftView } from '../../machines/practices/steps/goal-shift.machine';
import { GOAL_STATES } from '../../machines/practices/steps/step-practices';
import { stepsView } from '../../machines/practices/steps/step-flow';
import type { CaseEvent } from '../support/path-tests';
import { DRAFT_CLIENT_ID, describeStepMachinePaths, fieldCases, startStepMachine, type Effects } from './step-paths';

const effects: Effects = [];
beforeEach(() => {
  effects.length = 0;
});

describeStepMachinePaths(goalShiftMachine, effects, {
  practice: 'goal_shift',
  draft: {
    practice: 'goal_shift',
    step: 'action',
    answers: { task: 'Отчёт за квартал', state: 'calm', action: '' },
    ratings: null,
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
  events: {
    // The state step is a choice: one of the list, or something else (which «Далее» does not accept).
    'FIELD.CHANGE': (s) =>
      stepsView(s, 'goal_shift').step === 'state'
        ? ([
            { type: 'FIELD.CHANGE', field: 'state', value: 'ease' },
            { type: 'FIELD.CHANGE', field: 'state', value: 'гнев' },
          ] satisfies CaseEvent[])
        : fieldCases('goal_shift')(s),
  },
  // The state itself is in the key: a state of the list and another word are both non-blank.
  key: (s) =>
    stepsView(s, 'goal_shift').fields.map(
      ({ field }) => s.context.answers[field].trim() !== '' && s.context.answers[field],
    ),
  assert: {
    'writing.state': (s) =>
      expect(goalShiftView(s).canNext).toBe((GOAL_STATES as readonly string[]).includes(s.context.answers.state)),
  },
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
