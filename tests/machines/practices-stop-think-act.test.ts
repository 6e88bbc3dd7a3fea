// «Стоп — подумай — действуй»: two tables (step-paths.ts: every guard both ways, drafts, «Продолжить» / «Начать заново») and
// the walk through its three steps.
import { describe, expect, it } from 'vitest';
import { stopThinkActMachine, stopThinkActView } from '../../machines/practices/steps/stop-think-act.machine';
import { DRAFT_CLIENT_ID, describeStepMachineTables, startStepMachine } from './step-paths';

describeStepMachineTables(stopThinkActMachine, stopThinkActView, {
  practice: 'stop_think_act',
  draft: {
    practice: 'stop_think_act',
    step: 'act',
    answers: {
      situation: 'Коллега перебил на встрече',
      reaction: 'Замолчал и злился весь день',
      alternative1: 'Сказать, что не закончил',
      alternative2: 'Поговорить после встречи',
      alternative3: 'Написать ему',
      choice: '',
      when: '',
    },
    ratings: null,
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
  // «Продолжить» on each of its branches.
  resumeOn: ['think', 'stop'],
  counts: { paths: 102, transitions: 142 },
});

describe('stop, think, act', () => {
  it('three steps; the second needs all three alternatives; the last reads «Завершить»', async () => {
    const { actor, finished, write, send } = await startStepMachine(stopThinkActMachine);
    const view = () => stopThinkActView(actor.getSnapshot());
    expect(view()).toMatchObject({ step: 'stop', number: 1, of: 3, canNext: false, canBack: false });
    write('situation', 'Перебили на встрече');
    expect(view().canNext).toBe(false);
    write('reaction', 'Замолчал');
    send('NEXT');
    write('alternative1', 'Сказать об этом');
    write('alternative2', 'Поговорить после');
    expect(view()).toMatchObject({ step: 'think', canNext: false, canBack: true });
    write('alternative3', '   ');
    expect(view().canNext).toBe(false);
    write('alternative3', 'Написать');
    send('NEXT');
    expect(view()).toMatchObject({ step: 'act', isLast: true, canNext: false });
    write('choice', 'Поговорить после');
    write('when', 'Завтра в обед');
    send('NEXT');
    expect(finished).toHaveLength(1);
    expect((finished[0] as { answers: { when: string } }).answers.when).toBe('Завтра в обед');
  });
});
