// A breathing practice (4-7-8, triangle, box): «Приготовьтесь к практике» until «Начать», then cycles of inhale,
// hold, exhale and — only when the rhythm has one — a pause, each counting down its seconds; a cycle-complete
// event at every cycle end but the last; after the last cycle the practice is finished (the session shows the
// rating). Phases follow a schedule of absolute deadlines from the start (machines/practices/timing.ts), so a
// phone that slept resumes in the phase and second it would be in. «Пауза» stops the clock where it is and
// «Продолжить» moves the schedule on by the time paused; «Завершить» asks «Завершить практику?» (the clock held
// meanwhile) and, confirmed, finishes as the last cycle does.
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { stubAction, type HapticParams } from '../effects';
import { topState } from '../view-model';
import {
  phaseSeconds,
  phasesOf,
  hasPause,
  totalPhases,
  type BreathingConfig,
  type BreathingPhase,
} from './breathing-configs';
import { SECOND_MS, spanProgress, untilDeadline, untilNextSecond, wholeSecondsLeft, type Clock } from './timing';

export interface BreathingInput {
  config: BreathingConfig;
  clock: Clock;
}

export interface BreathingContext extends BreathingInput {
  /** 1-based cycle being breathed. */
  cycle: number;
  /** Phases finished so far, across cycles. */
  phasesDone: number;
  /** Scheduled start and end of the current phase (clock ms). */
  phaseStartedAt: number;
  phaseEndsAt: number;
  /** The phase on now (kept while paused, when the state no longer says it). */
  phase: BreathingPhase;
  /** The clock when the machine last looked (a phase change or a second boundary); while paused, when it paused. */
  now: number;
}

export type BreathingEvent =
  | { type: 'START' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'STOP' }
  | { type: 'STOP.CONFIRM' }
  | { type: 'STOP.CANCEL' };

export const breathingMachine = setup({
  types: {
    context: {} as BreathingContext,
    input: {} as BreathingInput,
    events: {} as BreathingEvent,
  },
  actions: {
    haptic: stubAction<HapticParams>(),
    /** A cycle ended and another follows. */
    cycleComplete: stubAction(),
    /** The last cycle ended: the session moves on to the rating. */
    finish: stubAction(),
    begin: assign(({ context }) => {
      const now = context.clock.now();
      return { now, cycle: 1, phasesDone: 0, phaseStartedAt: now, phaseEndsAt: now };
    }),
    /** The phase starts where the previous one was scheduled to end, not when its timer happened to fire. */
    enterPhase: assign(({ context }, params: { phase: BreathingPhase }) => ({
      phase: params.phase,
      now: context.clock.now(),
      phaseStartedAt: context.phaseEndsAt,
      phaseEndsAt: context.phaseEndsAt + phaseSeconds(context.config, params.phase) * SECOND_MS,
    })),
    /**
     * The phase's haptic tick, and on a cycle's first inhale after the first cycle the cycle-end tap — only for a
     * phase that is on now (its end still ahead by the clock): the phases a sleeping phone missed are caught up in
     * silence, so waking gives one tick (and one tap at most), not a burst.
     */
    cue: enqueueActions<
      BreathingContext,
      BreathingEvent,
      { phase: BreathingPhase },
      BreathingEvent,
      never,
      { type: 'haptic'; params: HapticParams } | { type: 'cycleComplete'; params: unknown },
      never,
      never,
      never
    >(({ context, enqueue }, { phase }) => {
      if (context.phaseEndsAt <= context.clock.now()) return;
      enqueue({ type: 'haptic', params: { kind: 'select' } });
      if (phase === 'inhale' && context.cycle > 1) enqueue({ type: 'cycleComplete', params: undefined });
    }),
    completePhase: assign({ phasesDone: ({ context }) => context.phasesDone + 1 }),
    nextCycle: assign({ cycle: ({ context }) => context.cycle + 1 }),
    syncClock: assign({ now: ({ context }) => context.clock.now() }),
    /** Paused: `now` stays the moment of the pause, so the phase, its seconds and the ring stand still. */
    stopClock: assign({ now: ({ context }) => context.clock.now() }),
    /** Resumed: the schedule moves on by the time paused, so the phase goes on from the same point. */
    resumeClock: assign(({ context }) => {
      const now = context.clock.now();
      const paused = now - context.now;
      return { now, phaseStartedAt: context.phaseStartedAt + paused, phaseEndsAt: context.phaseEndsAt + paused };
    }),
  },
  guards: {
    hasPause: ({ context }) => hasPause(context.config),
    isLastCycle: ({ context }) => context.cycle >= context.config.totalCycles,
  },
  delays: {
    phaseEnd: ({ context }) => untilDeadline(context.phaseEndsAt, context.clock.now()),
    tick: ({ context }) => untilNextSecond(context.phaseEndsAt, context.clock.now()),
  },
}).createMachine({
  id: 'breathing',
  description: 'A breathing practice: cycles of inhale, hold, exhale and an optional pause on a fixed schedule.',
  context: ({ input }) => ({
    ...input,
    cycle: 1,
    phasesDone: 0,
    phaseStartedAt: 0,
    phaseEndsAt: 0,
    phase: 'inhale',
    now: input.clock.now(),
  }),
  initial: 'ready',
  states: {
    ready: {
      description: '«Приготовьтесь к практике» with «Начать».',
      on: {
        START: {
          target: 'running',
          actions: [
            'begin',
            { type: 'enterPhase', params: { phase: 'inhale' } },
            { type: 'cue', params: { phase: 'inhale' } },
          ],
        },
      },
    },
    running: {
      initial: 'playing',
      states: {
        playing: {
          type: 'parallel',
          on: {
            PAUSE: { target: 'paused', actions: 'stopClock', description: '«Пауза»' },
            STOP: { target: 'confirming', actions: 'stopClock', description: '«Завершить»' },
          },
          states: {
            // A phase is scheduled by the transition into it, not on entry: resuming re-enters the phase that was on
            // (its history) without starting it again.
            phase: {
              initial: 'inhale',
              states: {
                inhale: {
                  description: '«Вдохните через нос»',
                  after: {
                    phaseEnd: {
                      target: 'hold',
                      actions: [
                        'completePhase',
                        { type: 'enterPhase', params: { phase: 'hold' } },
                        { type: 'cue', params: { phase: 'hold' } },
                      ],
                    },
                  },
                },
                hold: {
                  description: '«Задержите дыхание»',
                  after: {
                    phaseEnd: {
                      target: 'exhale',
                      actions: [
                        'completePhase',
                        { type: 'enterPhase', params: { phase: 'exhale' } },
                        { type: 'cue', params: { phase: 'exhale' } },
                      ],
                    },
                  },
                },
                exhale: {
                  description: '«Медленно выдохните»; the cycle ends here when the rhythm has no pause.',
                  after: {
                    phaseEnd: [
                      {
                        guard: 'hasPause',
                        target: 'pause',
                        actions: [
                          'completePhase',
                          { type: 'enterPhase', params: { phase: 'pause' } },
                          { type: 'cue', params: { phase: 'pause' } },
                        ],
                      },
                      { guard: 'isLastCycle', target: '#breathing.finished', actions: 'completePhase' },
                      {
                        target: 'inhale',
                        actions: [
                          'completePhase',
                          'nextCycle',
                          { type: 'enterPhase', params: { phase: 'inhale' } },
                          { type: 'cue', params: { phase: 'inhale' } },
                        ],
                      },
                    ],
                  },
                },
                pause: {
                  description: 'The pause after the exhale (box breathing); the cycle ends here.',
                  after: {
                    phaseEnd: [
                      { guard: 'isLastCycle', target: '#breathing.finished', actions: 'completePhase' },
                      {
                        target: 'inhale',
                        actions: [
                          'completePhase',
                          'nextCycle',
                          { type: 'enterPhase', params: { phase: 'inhale' } },
                          { type: 'cue', params: { phase: 'inhale' } },
                        ],
                      },
                    ],
                  },
                },
                resumed: { type: 'history', description: 'The phase that was on when the clock stopped.' },
              },
            },
            clock: {
              description: 'Looks at the clock whenever the shown second changes.',
              initial: 'ticking',
              states: {
                ticking: { after: { tick: { target: 'ticking', reenter: true, actions: 'syncClock' } } },
              },
            },
          },
        },
        paused: {
          description: 'The clock stands still: the phase, its seconds and the ring stay as they were.',
          on: {
            RESUME: { target: 'playing.phase.resumed', actions: 'resumeClock', description: '«Продолжить»' },
            STOP: { target: 'confirming', description: '«Завершить»' },
          },
        },
        confirming: {
          description: '«Завершить практику?» with «Завершить» and «Продолжить»; the clock is held meanwhile.',
          on: {
            'STOP.CONFIRM': { target: '#breathing.finished', description: '«Завершить»: on to the rating.' },
            'STOP.CANCEL': {
              target: 'playing.phase.resumed',
              actions: 'resumeClock',
              description: '«Продолжить»: the practice goes on from the same point.',
            },
          },
        },
      },
    },
    finished: {
      type: 'final',
      description: 'All cycles breathed, or stopped on purpose: the session shows the rating.',
      entry: ['syncClock', 'finish'],
    },
  },
});

export type BreathingStatus = 'ready' | 'running' | 'finished';

/** What the breathing screen shows: the phase and its countdown, the cycle, the progress and the phase strip. */
export function breathingView(snapshot: SnapshotFrom<typeof breathingMachine>) {
  const { config, cycle, phasesDone, phaseStartedAt, phaseEndsAt, now } = snapshot.context;
  const status = topState<BreathingStatus>(snapshot);
  const phase = status === 'running' ? snapshot.context.phase : null;
  return {
    status,
    phase,
    /** The clock stands still («Продолжить» shows instead of «Пауза»; the shape and ring stop). */
    paused: snapshot.matches({ running: 'paused' }) || snapshot.matches({ running: 'confirming' }),
    /** «Завершить практику?» is asked. */
    confirmingStop: snapshot.matches({ running: 'confirming' }),
    cycle,
    totalCycles: config.totalCycles,
    /** The phase's own countdown; never 0 while the phase is shown (its end moves straight to the next one). */
    secondsLeft: phase ? Math.max(1, wholeSecondsLeft(phaseEndsAt - now)) : 0,
    phaseSeconds: phase ? phaseSeconds(config, phase) : 0,
    /** 0..1 through the current phase (the ring). */
    phaseProgress: phase ? spanProgress(phaseStartedAt, phaseEndsAt, now) : 0,
    /** Phases done / (phases per cycle × cycles). */
    progress: phasesDone / totalPhases(config),
    /** The strip under the ring: each phase of a cycle with its seconds. */
    strip: phasesOf(config).map((p) => ({ phase: p, seconds: phaseSeconds(config, p) })),
  };
}
