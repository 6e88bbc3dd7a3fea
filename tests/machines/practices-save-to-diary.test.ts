// «Сохранить в дневник» on a step practice's finish screen as two tables (created, refused by the plan or the
// limit, failed, tried again), with the effects of every step. Only an attempt that may still
// go through (the limit, a failure) keeps the draft past the session; the plan's refusal lets it go.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DiaryCreateBody } from '../../contract/diary';
import { saveToDiaryMachine, saveToDiaryView } from '../../machines/practices/steps/save-to-diary.machine';
import { describeMachineTables, stateValue, type TransitionRow } from '../support/machine-tables';
import { makeEntry } from './diary-fixtures';

const body: DiaryCreateBody = {
  title: 'Колесо баланса',
  content: 'Энергия — 4 из 10',
  source: { source_type: 'practice_session', source_id: 'session-1' },
  client_id: '33333333-3333-4333-8333-333333333333',
};
// The message tells the two apart: an Error serialises as its message, and the graph keeps one event per serialisation.
const refusal = (refusal: 'not_available' | 'limit_reached') => Object.assign(new Error(`402 ${refusal}`), { refusal });

const attempt: Omit<TransitionRow, 'to'> = {
  effects: [['markSubmitted']],
  invokes: [{ id: 'createEntry', src: 'createEntry', input: body }],
};
const idle = (kept: boolean) => ({ view: { status: 'idle', kept }, can: { SAVE: true } });
const saving = { view: { status: 'saving', kept: false }, can: { SAVE: false }, running: ['createEntry'] };
const saved = { view: { status: 'saved', kept: false }, can: { SAVE: false }, status: 'done' as const };
// From saving (kept or not, the answer decides): created, refused by the plan (the attempt let go), by today's
// limit or failed (both kept for later), each saying so once.
const answers = {
  'done.actor.createEntry': {
    to: 'saved',
    effects: [['clearDraft'], ['toast', { key: 'created' }]],
  },
  'error.actor.createEntry plan': {
    to: 'idle',
    effects: [['unmarkSubmitted'], ['openUpgradeDialog', { key: 'diary_not_available' }]],
    context: { kept: false },
  },
  'error.actor.createEntry limit': {
    to: 'idle kept',
    effects: [['openUpgradeDialog', { key: 'diary_limit_reached' }]],
  },
  'error.actor.createEntry offline': { to: 'idle kept', effects: [['toast', { key: 'createFailed' }]] },
} satisfies Record<string, TransitionRow>;

describeMachineTables(saveToDiaryMachine, {
  view: saveToDiaryView,
  input: { body },
  events: {
    'xstate.done.actor.createEntry': { '': { type: 'xstate.done.actor.createEntry', output: makeEntry(1) } },
    'xstate.error.actor.createEntry': {
      plan: { type: 'xstate.error.actor.createEntry', error: refusal('not_available') },
      limit: { type: 'xstate.error.actor.createEntry', error: refusal('limit_reached') },
      offline: { type: 'xstate.error.actor.createEntry', error: new Error('offline') },
    },
  },
  key: (s) => `${stateValue(s)}${s.context.kept ? ' kept' : ''}`,
  states: {
    idle: idle(false),
    'idle kept': idle(true),
    saving,
    'saving kept': saving,
    saved,
    'saved kept': saved,
  },
  transitions: {
    // Every attempt is recorded before the call, and sends the same body (the draft's client id).
    idle: { SAVE: { to: 'saving', ...attempt } },
    'idle kept': { SAVE: { to: 'saving kept', ...attempt } },
    saving: answers,
    'saving kept': { ...answers, 'done.actor.createEntry': { ...answers['done.actor.createEntry'], to: 'saved kept' } },
  },
  counts: { paths: 7, transitions: 10 },
});

// The tables reach `idle` with nothing kept through the plan's refusal too, so they do not say where the machine
// starts; a save not yet tried keeps nothing (Stryker: `kept: true` in the initial context survived them).
describe('save to diary, opened', () => {
  it('starts with nothing kept on the device', () => {
    const actor = createActor(saveToDiaryMachine, { input: { body } }).start();
    expect(saveToDiaryView(actor.getSnapshot())).toEqual({ status: 'idle', kept: false });
    actor.stop();
  });
});
