// «Парадоксальный шаг»: two tables (every guard both ways, drafts, «Продолжить» / «Начать заново») and the walk.
import { describe, expect, it } from 'vitest';
import { paradoxicalStepMachine, paradoxicalStepView } from '../../machines/practices/steps/paradoxical-step.machine';
import { DRAFT_CLIENT_ID, describeStepMachineTables, startStepMachine } from './step-paths';

describeStepMachineTables(paradoxicalStepMachine, paradoxicalStepView, {
  practice: 'paradoxical_step',
  draft: {
    practice: 'paradoxical_step',
    step: 'opposite',
    answers: {
      situation: 'Откладываю звонок маме',
      reaction: 'Жду идеального момента',
      result: 'Не звоню неделями',
      opposite: '',
      when: '',
    },
    ratings: null,
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
  // «Продолжить» on each of its branches.
  resumeOn: ['pattern', 'situation'],
  counts: { paths: 81, transitions: 112 },
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
