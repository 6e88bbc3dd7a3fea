// The plan and daily-limit rule of the diary and voice input (one rule for both), its dialogs, and the refusal a
// server's 402 carries.
import { describe, expect, it } from 'vitest';
import { checkAccess, checkLimit, type DailyFeature, type DailyUsage } from '../../machines/billing/daily-access';
import { refusalOf, UPGRADE_KEYS } from '../../machines/billing/refusal-dialogs';

/** `feature`'s allowance as given, the other one wide open (it must never decide). */
const usage = (feature: DailyFeature, limit: number | null, used: number): DailyUsage =>
  feature === 'diary'
    ? { diary_entries_limit: limit, diary_entries_used: used, voice_seconds_limit: 600, voice_seconds_used: 0 }
    : { diary_entries_limit: 10, diary_entries_used: 0, voice_seconds_limit: limit, voice_seconds_used: used };

describe.each(['diary', 'voice'] as const)('checkAccess(%s): the plan and daily-limit rule', (feature) => {
  it('limit null → not available, even with nothing used', () => {
    expect(checkAccess(feature, usage(feature, null, 0))).toBe('not_available');
  });
  it('used >= limit → limit reached', () => {
    expect(checkAccess(feature, usage(feature, 5, 5))).toBe('limit_reached');
    expect(checkAccess(feature, usage(feature, 5, 7))).toBe('limit_reached');
    expect(checkAccess(feature, usage(feature, 0, 0))).toBe('limit_reached');
  });
  it('used below the limit → allowed', () => {
    expect(checkAccess(feature, usage(feature, 5, 4))).toBe('allowed');
  });
  it('no usage info loaded → no block', () => {
    expect(checkAccess(feature, null)).toBe('allowed');
    expect(checkAccess(feature, undefined)).toBe('allowed');
  });
  it('reads only its own allowance', () => {
    const other = feature === 'diary' ? 'voice' : 'diary';
    expect(checkAccess(other, usage(feature, null, 0))).toBe('allowed');
    expect(checkAccess(other, usage(feature, 5, 5))).toBe('allowed');
  });
});

describe('checkLimit and the dialogs', () => {
  it('is the one rule', () => {
    expect(checkLimit(null, 0)).toBe('not_available');
    expect(checkLimit(60, 60)).toBe('limit_reached');
    expect(checkLimit(60, 59)).toBe('allowed');
  });
  it('each refusal opens its feature’s dialog', () => {
    expect(UPGRADE_KEYS).toEqual({
      diary: { not_available: 'diary_not_available', limit_reached: 'diary_limit_reached' },
      voice: { not_available: 'voice_not_available', limit_reached: 'voice_limit_reached' },
    });
  });
});

describe('refusalOf: a call the server refused (402 code)', () => {
  it('reads only the known codes', () => {
    expect(refusalOf({ refusal: 'not_available' })).toBe('not_available');
    expect(refusalOf(Object.assign(new Error('402'), { refusal: 'limit_reached' }))).toBe('limit_reached');
    for (const e of [new Error('503'), null, undefined, 'limit_reached', { refusal: 'toString' }, { refusal: 1 }]) {
      expect(refusalOf(e)).toBeNull();
    }
  });
});
