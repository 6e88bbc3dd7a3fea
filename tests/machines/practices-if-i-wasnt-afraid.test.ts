// «Если бы не страх»: two tables (every guard both ways, drafts, «Продолжить» / «Начать заново») and the
// walk through its five steps.
import { describe, expect, it } from 'vitest';
import { ifIWasntAfraidMachine, ifIWasntAfraidView } from '../../machines/practices/steps/if-i-wasnt-afraid.machine';
import { DRAFT_CLIENT_ID, describeStepMachineTables, startStepMachine } from './step-paths';

describeStepMachineTables(ifIWasntAfraidMachine, ifIWasntAfraidView, {
  practice: 'if_i_wasnt_afraid',
  draft: {
    practice: 'if_i_wasnt_afraid',
    step: 'theme',
    answers: { wish1: 'Петь', wish2: 'Уехать', wish3: 'Сказать нет', theme: '', action: '', firstStep: '' },
    ratings: null,
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
  // «Продолжить» on each of its branches.
  resumeOn: ['wish1', 'wish2', 'wish3', 'plan'],
  counts: { paths: 143, transitions: 195 },
});

describe('if I wasn’t afraid', () => {
  it('five steps: three wishes, the theme with the wishes shown, then action and first step; «Назад» keeps all', async () => {
    const { actor, finished, write, send } = await startStepMachine(ifIWasntAfraidMachine);
    const view = () => ifIWasntAfraidView(actor.getSnapshot());
    expect(view()).toMatchObject({ status: 'step', step: 'wish1', number: 1, of: 5, canNext: false, canBack: false });
    write('wish1', 'Петь на сцене');
    send('NEXT');
    write('wish2', 'Уехать к морю');
    send('NEXT');
    write('wish3', 'Сказать «нет»');
    send('NEXT');
    expect(view()).toMatchObject({ step: 'theme', number: 4, isLast: false });
    // The review shows all three wishes.
    expect(view().answers).toMatchObject({ wish1: 'Петь на сцене', wish2: 'Уехать к морю', wish3: 'Сказать «нет»' });
    write('theme', 'Быть собой');
    send('NEXT');
    write('action', 'Записаться на вокал');
    expect(view()).toMatchObject({ step: 'plan', canNext: false, isLast: true });
    send('PREVIOUS');
    send('PREVIOUS');
    expect(view()).toMatchObject({ step: 'wish3', canNext: true });
    send('NEXT');
    send('NEXT');
    expect(view().answers.action).toBe('Записаться на вокал');
    write('firstStep', 'Найти студию рядом');
    send('NEXT');
    expect(actor.getSnapshot().status).toBe('done');
    expect(finished).toEqual([
      expect.objectContaining({
        answers: {
          wish1: 'Петь на сцене',
          wish2: 'Уехать к морю',
          wish3: 'Сказать «нет»',
          theme: 'Быть собой',
          action: 'Записаться на вокал',
          firstStep: 'Найти студию рядом',
        },
      }),
    ]);
  });
});
