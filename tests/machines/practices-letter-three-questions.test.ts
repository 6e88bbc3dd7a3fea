// The one-screen practices: «Письмо без отправки» (the letter is needed, to whom is not) and «Три вопроса дня» (at
// least one answer) — two tables (the guard both ways, drafts, «Продолжить» / «Начать заново») and walks.
import { describe, expect, it } from 'vitest';
import {
  diaryThreeQuestionsMachine,
  diaryThreeQuestionsView,
} from '../../machines/practices/steps/diary-three-questions.machine';
import {
  letterWithoutSendingMachine,
  letterWithoutSendingView,
} from '../../machines/practices/steps/letter-without-sending.machine';
import { DRAFT_CLIENT_ID, describeStepMachineTables, startStepMachine } from './step-paths';

describeStepMachineTables(letterWithoutSendingMachine, letterWithoutSendingView, {
  practice: 'letter_without_sending',
  draft: {
    practice: 'letter_without_sending',
    step: 'write',
    answers: { to: 'Бабушке', letter: '' },
    ratings: null,
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
  counts: { paths: 27, transitions: 36 },
  guardSides: { wasOn: 'one step: «Продолжить» has one target, no guard' },
});

describeStepMachineTables(diaryThreeQuestionsMachine, diaryThreeQuestionsView, {
  practice: 'diary_three_questions',
  draft: {
    practice: 'diary_three_questions',
    step: 'questions',
    answers: { important: '', succeeded: '', thanks: 'За то, что отдохнула' },
    ratings: null,
    clientId: DRAFT_CLIENT_ID,
    submitted: true,
  },
  counts: { paths: 74, transitions: 93 },
  guardSides: { wasOn: 'one step: «Продолжить» has one target, no guard' },
});

describe('letter without sending', () => {
  it('one screen: «Завершить» needs the letter, not whom it is to', async () => {
    const { actor, finished, write, send } = await startStepMachine(letterWithoutSendingMachine);
    const view = () => letterWithoutSendingView(actor.getSnapshot());
    expect(view()).toMatchObject({ step: 'write', number: 1, of: 1, isLast: true, canBack: false, canNext: false });
    expect(view().fields.map((f) => [f.field, f.required])).toEqual([
      ['to', false],
      ['letter', true],
    ]);
    write('to', 'Папе');
    expect(view().canNext).toBe(false);
    write('letter', 'Я скучаю.');
    send('NEXT');
    expect(finished).toEqual([expect.objectContaining({ answers: { to: 'Папе', letter: 'Я скучаю.' } })]);
  });

  it('a letter in words of suicide or self-harm brings the crisis lines (decision 0078); nothing is blocked', async () => {
    const { actor, finished, write, send } = await startStepMachine(letterWithoutSendingMachine);
    const view = () => letterWithoutSendingView(actor.getSnapshot());
    write('letter', 'Скучно, убила время впустую');
    expect(view()).toMatchObject({ atRisk: false, canNext: true });
    write('letter', 'Ничего не помогает, не вижу смысла жить');
    expect(view()).toMatchObject({ atRisk: true, canNext: true });
    send('NEXT');
    expect(finished).toEqual([
      expect.objectContaining({ answers: { to: '', letter: 'Ничего не помогает, не вижу смысла жить' } }),
    ]);
  });
});

describe('three questions of the day', () => {
  it.each(['important', 'succeeded', 'thanks'])('any one answer is enough: %s', async (field) => {
    const { actor, finished, write, send } = await startStepMachine(diaryThreeQuestionsMachine);
    const view = () => diaryThreeQuestionsView(actor.getSnapshot());
    expect(view().fields.every((f) => !f.required)).toBe(true);
    expect(view().canNext).toBe(false);
    write(field, 'Прогулка');
    expect(view().canNext).toBe(true);
    send('NEXT');
    expect(finished).toHaveLength(1);
  });
});
