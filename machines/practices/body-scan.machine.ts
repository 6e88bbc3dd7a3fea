// «Сканирование тела»: seven zones of 40 seconds, head to feet. It starts on a button, has a menu with
// «Завершить досрочно», and finishes by itself after the last zone (the zone timer, invoked as `zones`).
import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { stubAction } from '../effects';
import { topState } from '../view-model';
import type { Clock } from './timing';
import { zoneTimerMachine, type Zone } from './zone-timer.machine';

export const BODY_SCAN_ZONE_MS = 40_000;

/** Head and face, neck and shoulders, arms and hands, chest and belly, back, pelvis and hips, legs and feet. */
export const BODY_SCAN_ZONES = [
  'head_face',
  'neck_shoulders',
  'arms_hands',
  'chest_belly',
  'back',
  'pelvis_hips',
  'legs_feet',
].map((id): Zone => ({ id, durationMs: BODY_SCAN_ZONE_MS }));

export type BodyScanEvent =
  { type: 'START' } | { type: 'MENU.OPEN' } | { type: 'MENU.CLOSE' } | { type: 'FINISH_EARLY' };

export const bodyScanMachine = setup({
  types: {
    context: {} as { clock: Clock },
    input: {} as { clock: Clock },
    events: {} as BodyScanEvent,
  },
  actors: {
    zoneTimer: zoneTimerMachine,
  },
  actions: {
    /** The practice is over: the session moves on to the rating. */
    finish: stubAction(),
  },
}).createMachine({
  id: 'bodyScan',
  description: 'Attention moves through seven zones of the body, 40 seconds each.',
  context: ({ input }) => ({ clock: input.clock }),
  initial: 'intro',
  states: {
    intro: {
      description: 'How to sit and what to do, with «Начать».',
      on: { START: { target: 'scanning' } },
    },
    scanning: {
      invoke: {
        id: 'zones',
        src: 'zoneTimer',
        input: ({ context }) => ({ clock: context.clock, zones: BODY_SCAN_ZONES }),
        onDone: { target: 'finished', description: 'The last zone ended.' },
      },
      initial: 'menuClosed',
      states: {
        menuClosed: { on: { 'MENU.OPEN': { target: 'menuOpen' } } },
        menuOpen: {
          description: 'The menu offering «Завершить досрочно».',
          on: {
            'MENU.CLOSE': { target: 'menuClosed' },
            FINISH_EARLY: { target: '#bodyScan.finished' },
          },
        },
      },
    },
    finished: { type: 'final', entry: 'finish' },
  },
});

export type BodyScanStatus = 'intro' | 'scanning' | 'finished';

/** The status, whether the menu is open, and the running zone timer (its own view: zoneTimerView). */
export function bodyScanView(snapshot: SnapshotFrom<typeof bodyScanMachine>) {
  return {
    status: topState<BodyScanStatus>(snapshot),
    menuOpen: snapshot.matches({ scanning: 'menuOpen' }),
    zones: snapshot.children.zones as ActorRefFrom<typeof zoneTimerMachine> | undefined,
  };
}
