// How much the chat lets the recorder record, from today's usage (the gate itself is the diary's rule too:
// machines/billing/daily-access.ts): the recorder's 60 s, or what is left of today's voice seconds when that is less,
// so nobody records a minute the server would refuse. And what a 402 tells the chat about today's usage.
import type { DailyRefusal, UsageInfo } from '../../contract/billing';
import { VOICE_MAX_SECONDS } from '../../contract/voice-limits';

/** Seconds the next recording may last: VOICE_MAX_SECONDS unless fewer are left today (at least 1). */
export function voiceSecondsAllowed(usage: UsageInfo | null): number {
  if (!usage || usage.voice_seconds_limit === null) return VOICE_MAX_SECONDS;
  const left = usage.voice_seconds_limit - usage.voice_seconds_used;
  return Math.max(1, Math.min(VOICE_MAX_SECONDS, left));
}

/** Today's usage after the server refused a recording: the gate then refuses the next press itself. */
export function withVoiceRefusal(usage: UsageInfo | null, refusal: DailyRefusal): UsageInfo | null {
  if (!usage) return usage;
  return refusal === 'not_available'
    ? { ...usage, voice_seconds_limit: null }
    : { ...usage, voice_seconds_used: Math.max(usage.voice_seconds_used, usage.voice_seconds_limit ?? 0) };
}
