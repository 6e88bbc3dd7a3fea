// «Завершить без сохранения» in a step practice: the menu, the confirmation, and only «Удалить» discards (stepQuit's two
// tables); then the step machine's DISCARD, which clears the draft and leaves, only while writing.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paradoxicalStepMachine, paradoxicalStepView } from '../../machines/practices/steps/paradoxical-step.machine';
import { stepQuitMachine, stepQuitView } from '../../machines/practices/steps/step-quit.machine';
import { describeMachineTables } from '../support/machine-tables';
import { DRAFT_CLIENT_ID, startStepMachine } from './step-paths';

const none = { 'MENU.OPEN': false, 'MENU.CLOSE': false, QUIT: false, 'QUIT.CANCEL': false, 'QUIT.CONFIRM': false };
describe('stepQuit', () => {
  describeMachineTables(stepQuitMachine, {
    view: stepQuitView,
    states: {
      closed: { view: { menuOpen: false, confirming: false }, can: { ...none, 'MENU.OPEN': true } },
      menuOpen: { view: { menuOpen: true, confirming: false }, can: { ...none, 'MENU.CLOSE': true, QUIT: true } },
      // The menu stays drawn beneath the sheet, so focus has its item to return to.
      confirming: {
        view: { menuOpen: true, confirming: true },
        can: { ...none, 'QUIT.CANCEL': true, 'QUIT.CONFIRM': true },
      },
      discarded: { view: { menuOpen: true, confirming: true }, can: none, status: 'done' },
    },
    transitions: {
      closed: { 'MENU.OPEN': 'menuOpen' },
      menuOpen: { 'MENU.CLOSE': 'closed', QUIT: 'confirming' },
      confirming: { 'QUIT.CANCEL': 'menuOpen', 'QUIT.CONFIRM': { to: 'discarded', effects: [['discard']] } },
    },
    counts: { paths: 3, transitions: 5 },
  });

  it('asks before discarding: only «Удалить» after «Завершить без сохранения» does', () => {
    let count = 0;
    const actor = createActor(stepQuitMachine.provide({ actions: { discard: () => void count++ } })).start();
    actor.send({ type: 'QUIT' });
    actor.send({ type: 'QUIT.CONFIRM' });
    expect(count).toBe(0);
    actor.send({ type: 'MENU.OPEN' });
    actor.send({ type: 'QUIT' });
    actor.send({ type: 'QUIT.CANCEL' });
    expect(stepQuitView(actor.getSnapshot())).toEqual({ menuOpen: true, confirming: false });
    actor.send({ type: 'QUIT' });
    actor.send({ type: 'QUIT.CONFIRM' });
    expect(count).toBe(1);
  });
});

describe('a step practice abandoned on purpose', () => {
  const draft = {
    practice: 'paradoxical_step' as const,
    step: 'pattern' as const,
    answers: { situation: 'Молчу, когда обидно', reaction: '', result: '', opposite: '', when: '' },
    ratings: null,
    clientId: DRAFT_CLIENT_ID,
    submitted: false,
  };

  it('DISCARD while writing clears the draft, then leaves; nothing is handed over', async () => {
    const { actor, finished, quits, write, send } = await startStepMachine(paradoxicalStepMachine, draft);
    send('CONTINUE');
    write('reaction', 'Молчу');
    send('DISCARD');
    expect(paradoxicalStepView(actor.getSnapshot()).status).toBe('discarded');
    expect(actor.getSnapshot().status).toBe('done');
    expect(quits).toEqual(['clearDraft', 'leave']);
    expect(finished).toEqual([]);
  });

  it('the offer of a draft is not writing: DISCARD there does nothing («Начать заново» is its way)', async () => {
    const { actor, quits, send } = await startStepMachine(paradoxicalStepMachine, draft);
    send('DISCARD');
    expect(paradoxicalStepView(actor.getSnapshot()).status).toBe('offer');
    expect(quits).toEqual([]);
  });
});
