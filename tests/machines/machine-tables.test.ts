// The table helper proven on a small machine (an invoke, a guard on the payload, an `after` delay, an effect) —
// and shown to FAIL when the machine is wrong in the ways issue 25's review found the old tests blind to.
import { describe, expect, it } from 'vitest';
import { assign, setup, type SnapshotFrom } from 'xstate';
import { stubAction, stubActor } from '../../machines/effects';
import { generateMachineTables, type TableOptions } from '../support/machine-tables';

const HINT_MS = 4000;

/** A note saver: «Сохранить» with a non-blank note saves it; a hint shows after 4 s of «saved»; errors retry. */
function makeMachine(change: { dismissTo?: 'idle' | 'saved'; hintMs?: number; blankSaves?: boolean } = {}) {
  return setup({
    types: { context: {} as { note: string }, events: {} as { type: 'SAVE'; note: string } | { type: 'DISMISS' } },
    actors: { saveNote: stubActor<void, { note: string }>() },
    actions: { toast: stubAction<{ key: string }>() },
    guards: { hasWords: (_, p: { note: string }) => change.blankSaves === true || p.note.trim() !== '' },
    delays: { hint: change.hintMs ?? HINT_MS },
  }).createMachine({
    id: 'note',
    context: { note: '' },
    initial: 'idle',
    states: {
      idle: {
        on: {
          SAVE: {
            guard: { type: 'hasWords', params: ({ event }) => ({ note: event.note }) },
            target: 'saving',
            actions: assign({ note: ({ event }) => event.note }),
          },
        },
      },
      saving: {
        invoke: {
          id: 'saveNote',
          src: 'saveNote',
          input: ({ context }) => ({ note: context.note }),
          onDone: { target: 'saved', actions: { type: 'toast', params: { key: 'saved' } } },
          onError: 'idle',
        },
      },
      saved: {
        after: { hint: 'hinted' },
        on: { DISMISS: change.dismissTo ?? 'idle' },
      },
      hinted: { on: { DISMISS: 'idle' } },
    },
  });
}

const noteView = (s: SnapshotFrom<ReturnType<typeof makeMachine>>) => ({ saving: s.matches('saving') });
const can = { 'SAVE words': false, 'SAVE blank': false, DISMISS: false };
const tables = (): TableOptions<ReturnType<typeof noteView>> => ({
  view: noteView,
  events: { SAVE: { words: { type: 'SAVE', note: 'Спокойно' }, blank: { type: 'SAVE', note: '  ' } } },
  states: {
    idle: { view: { saving: false }, can: { ...can, 'SAVE words': true } },
    saving: { view: { saving: true }, can, running: ['saveNote'] },
    saved: { view: { saving: false }, can: { ...can, DISMISS: true } },
    hinted: { view: { saving: false }, can: { ...can, DISMISS: true } },
  },
  transitions: {
    idle: {
      'SAVE words': {
        to: 'saving',
        context: { note: 'Спокойно' },
        invokes: [{ id: 'saveNote', src: 'saveNote', input: { note: 'Спокойно' } }],
      },
      'SAVE blank': 'idle',
    },
    saving: {
      'done.actor.saveNote': { to: 'saved', effects: [['toast', { key: 'saved' }]] },
      'error.actor.saveNote': 'idle',
    },
    saved: { DISMISS: 'idle', 'after.hint.note.saved': { to: 'hinted', after: HINT_MS } },
    hinted: { DISMISS: 'idle' },
  },
  counts: { paths: 4, transitions: 7 },
});

/** Runs every path and check; the messages of those that failed. */
async function failures(machine: ReturnType<typeof makeMachine>, options = tables()) {
  const { paths, checks } = generateMachineTables(machine, options);
  const failed: string[] = [];
  for (const path of paths) await path.run().catch((err: Error) => failed.push(err.message));
  for (const [title, check] of Object.entries(checks)) {
    try {
      check();
    } catch (err) {
      failed.push(`${title}: ${(err as Error).message}`);
    }
  }
  return failed;
}

describe('machine tables', () => {
  it('pass for the machine the tables describe', async () => {
    expect(await failures(makeMachine())).toEqual([]);
  });

  it('fail on a retargeted transition (the graph of the mutant would agree with it)', async () => {
    const failed = await failures(makeMachine({ dismissTo: 'saved' }));
    expect(failed.join('\n')).toMatch(/saved --DISMISS-->/);
  });

  it('fail on a delay of the wrong length', async () => {
    const failed = await failures(makeMachine({ hintMs: 3000 }));
    expect(failed.join('\n')).toMatch(/the clock for saved --after.hint.note.saved-->/);
  });

  it('fail when a guard lets both payloads through (one side never seen, can() differs)', async () => {
    const failed = await failures(makeMachine({ blankSaves: true }));
    expect(failed.join('\n')).toMatch(/can\(\) in idle/);
    expect(failed.join('\n')).toMatch(/takes both sides of every named guard/);
  });

  it('fail on a reached state with no row and a table entry never taken', async () => {
    const options = tables();
    delete options.states.hinted;
    delete options.transitions.hinted;
    options.transitions.saved!['SAVE words'] = 'saving';
    const failed = (await failures(makeMachine(), options)).join('\n');
    expect(failed).toMatch(/reached state "hinted" with no entry in the states table/);
    expect(failed).toMatch(/transitions never taken/);
  });

  it('fail on a lost effect and on unpinned counts', async () => {
    const options = tables();
    options.counts = { paths: 5, transitions: 7 };
    (options.transitions.saving!['done.actor.saveNote'] as { effects: unknown[] }).effects = [];
    const failed = (await failures(makeMachine(), options)).join('\n');
    expect(failed).toMatch(/effects of saving --done.actor.saveNote-->/);
    expect(failed).toMatch(/pins the numbers of paths and transitions/);
  });
});
