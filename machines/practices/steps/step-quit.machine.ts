// «Завершить без сохранения» in a step practice, the same for all seven: the practice's menu (⋯, as the timers
// have it) offers it beside «Продолжить практику», a sheet asks «Удалить записанное в этой практике?», and
// «Удалить» runs `discard` — the step machine's DISCARD, which clears the draft and leaves. Leaving by the back
// button or closing the app keeps the draft; this is the one way to let it go mid-practice.
import { setup, type SnapshotFrom } from 'xstate';
import { stubAction } from '../../effects';
import { topState } from '../../view-model';

export type StepQuitEvent =
  | { type: 'MENU.OPEN' }
  | { type: 'MENU.CLOSE' }
  | { type: 'QUIT' }
  | { type: 'QUIT.CANCEL' }
  | { type: 'QUIT.CONFIRM' };

export const stepQuitMachine = setup({
  types: { events: {} as StepQuitEvent },
  actions: {
    /** Confirmed: the step machine's DISCARD. */
    discard: stubAction(),
  },
}).createMachine({
  id: 'stepQuit',
  description: 'Quitting a step practice on purpose, without keeping what was written: the menu, then a confirmation.',
  initial: 'closed',
  states: {
    closed: { on: { 'MENU.OPEN': { target: 'menuOpen' } } },
    menuOpen: {
      description: 'The menu: «Завершить без сохранения» and «Продолжить практику».',
      on: { 'MENU.CLOSE': { target: 'closed' }, QUIT: { target: 'confirming' } },
    },
    confirming: {
      description:
        '«Удалить записанное в этой практике?» with «Удалить» and «Оставить». The menu stays open beneath, so focus ' +
        'returns to its item on «Оставить» (or Escape).',
      on: { 'QUIT.CANCEL': { target: 'menuOpen' }, 'QUIT.CONFIRM': { target: 'discarded' } },
    },
    discarded: { type: 'final', description: 'The practice is being left.', entry: 'discard' },
  },
});

export type StepQuitStatus = 'closed' | 'menuOpen' | 'confirming' | 'discarded';

/** Whether the menu is open and whether the confirmation shows (both stay while the practice is being left). */
export function stepQuitView(snapshot: SnapshotFrom<typeof stepQuitMachine>) {
  const status = topState<StepQuitStatus>(snapshot);
  return { menuOpen: status !== 'closed', confirming: status === 'confirming' || status === 'discarded' };
}
