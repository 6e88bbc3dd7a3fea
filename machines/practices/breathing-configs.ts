// The breathing practices' rhythms (durations in seconds) and the phase arithmetic the breathing machine and its
// screen share: inhale, hold, exhale, and a pause only when pauseDuration > 0.

export interface BreathingConfig {
  inhaleDuration: number;
  holdDuration: number;
  exhaleDuration: number;
  /** Absent or 0: no pause phase, the next inhale follows the exhale. */
  pauseDuration?: number;
  totalCycles: number;
}

export type BreathingPhase = 'inhale' | 'hold' | 'exhale' | 'pause';

/** The three breathing practices by id: 4-7-8 (4/7/8 × 4), triangle (3/3/3 × 6), box (4/4/4, pause 4, × 5). */
export const BREATHING_CONFIGS = {
  breathing_478: { inhaleDuration: 4, holdDuration: 7, exhaleDuration: 8, totalCycles: 4 },
  triangle_breathing: { inhaleDuration: 3, holdDuration: 3, exhaleDuration: 3, totalCycles: 6 },
  box_breathing: { inhaleDuration: 4, holdDuration: 4, exhaleDuration: 4, pauseDuration: 4, totalCycles: 5 },
} as const satisfies Record<string, BreathingConfig>;

export type BreathingPracticeId = keyof typeof BREATHING_CONFIGS;

export function isBreathingPractice(id: string): id is BreathingPracticeId {
  return Object.hasOwn(BREATHING_CONFIGS, id);
}

export const hasPause = (config: BreathingConfig) => (config.pauseDuration ?? 0) > 0;

/** The phases of one cycle, in order. */
export function phasesOf(config: BreathingConfig): BreathingPhase[] {
  return hasPause(config) ? ['inhale', 'hold', 'exhale', 'pause'] : ['inhale', 'hold', 'exhale'];
}

/** Seconds of one phase. */
export function phaseSeconds(config: BreathingConfig, phase: BreathingPhase): number {
  switch (phase) {
    case 'inhale':
      return config.inhaleDuration;
    case 'hold':
      return config.holdDuration;
    case 'exhale':
      return config.exhaleDuration;
    case 'pause':
      return config.pauseDuration ?? 0;
  }
}

/** Seconds of one whole cycle. */
export function cycleSeconds(config: BreathingConfig): number {
  return phasesOf(config).reduce((sum, phase) => sum + phaseSeconds(config, phase), 0);
}

/** Phases in the whole practice: phases per cycle (4 with a pause, else 3) × cycles. */
export function totalPhases(config: BreathingConfig): number {
  return phasesOf(config).length * config.totalCycles;
}
