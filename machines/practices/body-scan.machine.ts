// «Сканирование тела»: seven zones of 40 seconds, head to feet. It starts on a button, has a menu with
// «Завершить досрочно», and finishes by itself after the last zone (the zone timer, invoked as `zones`). «Пауза»
// stops the zone where it is; «Завершить» (or the menu's item) asks «Завершить практику?» with the zone held.
import { sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
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
  | { type: 'START' }
  | { type: 'MENU.OPEN' }
  | { type: 'MENU.CLOSE' }
  | { type: 'FINISH_EARLY' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'STOP' }
  | { type: 'STOP.CONFIRM' }
  | { type: 'STOP.CANCEL' };

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
    pauseZones: sendTo('zones', { type: 'PAUSE' }),
    resumeZones: sendTo('zones', { type: 'RESUME' }),
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
        menuClosed: {
          on: {
            'MENU.OPEN': { target: 'menuOpen' },
            PAUSE: { target: 'paused', actions: 'pauseZones', description: '«Пауза»' },
            STOP: { target: 'confirming', actions: 'pauseZones', description: '«Завершить»' },
          },
        },
        menuOpen: {
          description: 'The menu offering «Завершить досрочно».',
          on: {
            'MENU.CLOSE': { target: 'menuClosed' },
            FINISH_EARLY: { target: 'confirming', actions: 'pauseZones' },
          },
        },
        paused: {
          description: 'The zone and its seconds stand still until «Продолжить».',
          on: {
            RESUME: { target: 'menuClosed', actions: 'resumeZones', description: '«Продолжить»' },
            STOP: { target: 'confirming', description: '«Завершить»' },
          },
        },
        confirming: {
          description: '«Завершить практику?» (Завершить / Продолжить); the zone is held meanwhile.',
          on: {
            'STOP.CONFIRM': { target: '#bodyScan.finished' },
            'STOP.CANCEL': { target: 'menuClosed', actions: 'resumeZones' },
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
    paused: snapshot.matches({ scanning: 'paused' }) || snapshot.matches({ scanning: 'confirming' }),
    confirmingStop: snapshot.matches({ scanning: 'confirming' }),
    zones: snapshot.children.zones as ActorRefFrom<typeof zoneTimerMachine> | undefined,
  };
}
