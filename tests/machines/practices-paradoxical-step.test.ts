// «Парадоксальный шаг»: generated paths (every guard both ways, drafts, «Продолжить» / «Начать заново») and the walk.
import { beforeEach, describe, expect, it } from 'vitest';
import { paradoxicalStepMachine, paradoxicalStepView } from '../../machines/practices/steps/paradoxical-step.machine';
import { DRAFT_CLIENT_ID, describeStepMachinePaths, startStepMachine, type Effects } from './step-paths';

const effects: Effects = [];
beforeEach(() => {
  effects.length = 0;
});

describeStepMachinePaths(paradoxicalStepMachine, effects, {
  practice: 'paradoxical_step',
  draft: {
    practice: 'paradoxical_step',
    step: 'pattern',
    answers: {
      situation: 'Откладываю звонок маме',
      reaction: 'Жду идеального момента',
      result: '',
      opposite: '',
      when: '',
    },
    ratings: null,
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
});

describe('paradoxical step', () => {
  it('the situation; reaction and result (both); the opposite and when (both)', async () => {
    const { actor, finished, write, send } = await startStepMachine(paradoxicalStepMachine);
    const view = () => paradoxicalStepView(actor.getSnapshot());
    write('situation', 'Молчу, когда обидно');
    send('NEXT');
    write('reaction', 'Молчу');
    expect(view()).toMatchObject({ step: 'pattern', canNext: false });
    write('result', 'Обида копится');
    send('NEXT');
    write('opposite', 'Сказать сразу и спокойно');
    expect(view()).toMatchObject({ step: 'opposite', canNext: false, isLast: true });
    write('when', 'В следующий раз');
    send('PREVIOUS');
    expect(view()).toMatchObject({ step: 'pattern', canNext: true });
    expect(view().answers.opposite).toBe('Сказать сразу и спокойно');
    send('NEXT');
    send('NEXT');
    expect(finished).toHaveLength(1);
  });
});
