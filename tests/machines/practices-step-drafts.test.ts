// The step practices' draft rules: what is kept (one draft per practice, nothing empty), how it is read back (strictly:
// storage may hold anything), where «Продолжить» resumes, and the diary save's mark.
import { describe, expect, it } from 'vitest';
import {
  isEmptyProgress,
  parseStepDrafts,
  withStepDraft,
  withSubmitted,
  withoutStepDraft,
  type StepDraft,
  type StoredStepDraft,
} from '../../machines/practices/steps/step-draft';
import { freshProgress, resumeStep, stepComplete } from '../../machines/practices/steps/step-practices';

const ID = '66666666-6666-4666-8666-666666666666';

const wheel = (over: Partial<StepDraft<'balance_wheel'>> = {}): StepDraft<'balance_wheel'> => ({
  ...freshProgress('balance_wheel', ID),
  practice: 'balance_wheel',
  step: 'plan',
  ratings: { energy: 3, focus: 7, emotions: 8, relationships: 9 },
  answers: { energy: 'Спать', focus: '', emotions: '', relationships: '' },
  ...over,
});
const letter = (text: string): StepDraft<'letter_without_sending'> => ({
  ...freshProgress('letter_without_sending', ID),
  practice: 'letter_without_sending',
  answers: { to: '', letter: text },
});

describe('step drafts', () => {
  it('one draft per practice; saving an empty one removes it', () => {
    let drafts: StoredStepDraft[] = withStepDraft([], wheel());
    drafts = withStepDraft(drafts, letter('Привет'));
    drafts = withStepDraft(drafts, letter('Привет, мама'));
    expect(drafts.map((d) => [d.practice, d.answers])).toEqual([
      ['balance_wheel', wheel().answers],
      ['letter_without_sending', { to: '', letter: 'Привет, мама' }],
    ]);
    drafts = withStepDraft(drafts, letter('   '));
    expect(drafts.map((d) => d.practice)).toEqual(['balance_wheel']);
    expect(withoutStepDraft(drafts, 'balance_wheel')).toEqual([]);
  });

  it('empty means: the first step, nothing written, the wheel untouched', () => {
    expect(isEmptyProgress(freshProgress('balance_wheel', ID), 'balance_wheel')).toBe(true);
    expect(isEmptyProgress({ ...freshProgress('balance_wheel', ID), step: 'review' }, 'balance_wheel')).toBe(false);
    const moved = freshProgress('balance_wheel', ID);
    moved.ratings!.focus = 6;
    expect(isEmptyProgress(moved, 'balance_wheel')).toBe(false);
    expect(isEmptyProgress(letter(' \n '), 'letter_without_sending')).toBe(true);
  });

  it('marks the practice’s draft as sent to the diary, and only that one', () => {
    const drafts = withSubmitted([wheel(), letter('Письмо')], 'letter_without_sending');
    expect(drafts.map((d) => [d.practice, d.submitted])).toEqual([
      ['balance_wheel', false],
      ['letter_without_sending', true],
    ]);
    // And back, after the plan refused the save.
    expect(withSubmitted(drafts, 'letter_without_sending', false).map((d) => d.submitted)).toEqual([false, false]);
  });

  it('reads back what it wrote', () => {
    const drafts = [wheel({ submitted: true }), letter('Письмо')];
    expect(parseStepDrafts(JSON.stringify(drafts))).toEqual(drafts);
  });

  it('reads strictly: not JSON, not a list, unknown practices and empty drafts are nothing', () => {
    for (const raw of [null, '', '{', '{}', '42', JSON.stringify([null, 'x', { practice: 'breathing_478' }])])
      expect(parseStepDrafts(raw)).toEqual([]);
    expect(
      parseStepDrafts(JSON.stringify([{ practice: 'letter_without_sending', answers: { letter: '  ' } }])),
    ).toEqual([]);
  });

  it('drops or cuts field by field: a bad step, rating, state, client id, NUL characters, too long', () => {
    const [read] = parseStepDrafts(
      JSON.stringify([
        {
          practice: 'balance_wheel',
          step: 'nowhere',
          answers: { energy: `Спать\u0000 ${'я'.repeat(500)}`, focus: 42, sleep: 'лишнее' },
          ratings: { energy: 3, focus: 11, emotions: 6.5, relationships: '9' },
          clientId: 'draft-1',
          submitted: 'yes',
        },
      ]),
    );
    expect(read).toMatchObject({
      practice: 'balance_wheel',
      step: 'rate',
      ratings: { energy: 3, focus: 5, emotions: 5, relationships: 5 },
      clientId: null,
      submitted: false,
    });
    expect(read!.answers).toEqual({ energy: `Спать ${'я'.repeat(394)}`, focus: '', emotions: '', relationships: '' });
    const [goal] = parseStepDrafts(
      JSON.stringify([
        { practice: 'goal_shift', step: 'action', answers: { task: 'Отчёт', state: 'гнев' }, clientId: ID },
      ]),
    );
    // Not a state of the list: dropped — and so the draft resumes on the state step.
    expect(goal).toMatchObject({ answers: { task: 'Отчёт', state: '', action: '' }, step: 'state', clientId: ID });
  });

  it('the last stored draft of a practice wins', () => {
    const raw = JSON.stringify([letter('Первое'), wheel(), letter('Второе')]);
    expect(parseStepDrafts(raw).map((d) => [d.practice, d.answers])).toEqual([
      ['balance_wheel', wheel().answers],
      ['letter_without_sending', { to: '', letter: 'Второе' }],
    ]);
  });

  it('«Продолжить» resumes on the stored step, or on the first earlier step that is not complete', () => {
    const afraid = freshProgress('if_i_wasnt_afraid', ID);
    const answers = { ...afraid.answers, wish1: 'Петь', wish2: ' ', wish3: 'Уехать' };
    expect(resumeStep('if_i_wasnt_afraid', { ...afraid, step: 'plan', answers })).toBe('wish2');
    expect(resumeStep('if_i_wasnt_afraid', { ...afraid, step: 'wish2', answers })).toBe('wish2');
    expect(resumeStep('if_i_wasnt_afraid', { ...afraid, step: 'wish1', answers })).toBe('wish1');
    // The wheel's plan exists only while an area is weak.
    const strong = { energy: 6, focus: 7, emotions: 8, relationships: 9 };
    expect(resumeStep('balance_wheel', { ...wheel(), ratings: strong })).toBe('review');
    expect(resumeStep('balance_wheel', wheel())).toBe('plan');
  });

  it('the table’s rules: all fields, any answer, a state of the list, a plan for every weak area', () => {
    const stop = freshProgress('stop_think_act', ID);
    expect(stepComplete('stop_think_act', 'stop', { ...stop, answers: { ...stop.answers, situation: 'Ссора' } })).toBe(
      false,
    );
    const three = freshProgress('diary_three_questions', ID);
    expect(stepComplete('diary_three_questions', 'questions', three)).toBe(false);
    expect(
      stepComplete('diary_three_questions', 'questions', { ...three, answers: { ...three.answers, thanks: 'Да' } }),
    ).toBe(true);
    expect(stepComplete('balance_wheel', 'plan', wheel())).toBe(true);
    expect(
      stepComplete('balance_wheel', 'plan', {
        ...wheel(),
        ratings: { energy: 3, focus: 2, emotions: 8, relationships: 9 },
      }),
    ).toBe(false);
  });
});
