// The five bars of the recorder: the input's level (0..1) over the last five looks, the newest last, so the bars
// move like a short waveform of what the microphone hears.
export const BAR_COUNT = 5;
export const QUIET_LEVELS: readonly number[] = Array<number>(BAR_COUNT).fill(0);

export function pushLevel(levels: readonly number[], level: number): readonly number[] {
  const clamped = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 0;
  return [...levels.slice(1 - BAR_COUNT), clamped];
}
