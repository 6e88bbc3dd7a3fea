// Toast statechart: show, replace, dismiss and auto-close (an `after` delay driven by a simulated clock).
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { toastMachine, toastView, type Toast } from '../../machines/app/toast.machine';
import { describeMachineTables, stateValue } from '../support/machine-tables';

const saved: Toast = { id: 't1', title: 'Запись сохранена', variant: 'success' };
const failed: Toast = { id: 't2', title: 'Ошибка', description: 'Не удалось сохранить запись', variant: 'destructive' };

/** The spec: a toast closes by itself after 5 s. */
const TOAST_MS = 5000;
const shown = (toast: Toast) => ({ view: { visible: true, toast }, can: { SHOW: true, DISMISS: true } });
const fromVisible = {
  'SHOW saved': { to: 'visible saved', context: { toast: saved } },
  'SHOW failed': { to: 'visible failed', context: { toast: failed } },
  DISMISS: 'hidden',
  'after.TOAST_DURATION.toast.visible': { to: 'hidden', after: TOAST_MS, context: { toast: null } },
};

describeMachineTables(toastMachine, {
  view: toastView,
  events: { SHOW: { saved: { type: 'SHOW', toast: saved }, failed: { type: 'SHOW', toast: failed } } },
  key: (s) =>
    [stateValue(s), s.context.toast && (s.context.toast.id === saved.id ? 'saved' : 'failed')]
      .filter(Boolean)
      .join(' '),
  states: {
    hidden: { view: { visible: false, toast: null }, can: { SHOW: true, DISMISS: false } },
    'visible saved': shown(saved),
    'visible failed': shown(failed),
  },
  transitions: {
    hidden: { 'SHOW saved': 'visible saved', 'SHOW failed': 'visible failed' },
    'visible saved': fromVisible,
    'visible failed': fromVisible,
  },
  counts: { paths: 8, transitions: 10 },
});

describe('toast timer', () => {
  it('a newer toast replaces the visible one and restarts the 5000 ms timer', () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastMachine, { clock }).start();
    actor.send({ type: 'SHOW', toast: saved });
    clock.increment(4000);
    actor.send({ type: 'SHOW', toast: failed });
    clock.increment(4000); // 8000 ms after the first toast: the first timer would have fired by now
    expect(actor.getSnapshot().value).toBe('visible');
    expect(actor.getSnapshot().context.toast).toEqual(failed);
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context.toast).toBeNull();
  });
});
