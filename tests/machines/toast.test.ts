// Toast statechart: show, replace, dismiss and auto-close (an `after` delay driven by a simulated clock).
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { toastMachine, toastView, type Toast } from '../../machines/app/toast.machine';
import { describeMachinePaths } from '../support/path-tests';

const saved: Toast = { id: 't1', title: 'Запись сохранена', variant: 'success' };
const failed: Toast = { id: 't2', title: 'Ошибка', description: 'Не удалось сохранить запись', variant: 'destructive' };

describeMachinePaths(toastMachine, {
  events: {
    SHOW: [
      { type: 'SHOW', toast: saved },
      { type: 'SHOW', toast: failed },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.toast?.id ?? null]),
  assert: {
    hidden: (s) => {
      expect(s.context.toast).toBeNull();
      expect(toastView(s)).toEqual({ visible: false, toast: null });
    },
    visible: (s) => {
      expect([saved, failed]).toContainEqual(s.context.toast);
      expect(toastView(s)).toEqual({ visible: true, toast: s.context.toast });
    },
  },
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
