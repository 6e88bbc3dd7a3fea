// The chat's crisis reply (server/chat/safety/crisis-reply.ts): its content and the 72-hour check-in. The detector
// that decides when it is due has tests of its own (tests/server/safety-detector.test.ts); the API behaviour — no
// model, no tokens, the flag and the check-in — is in chat-model.test.ts and chat-offline.test.ts.
import { describe, expect, it } from 'vitest';
import { CRISIS_LINES } from '../../contract/safety/crisis-lines';
import { crisisReply, needsCheckIn, RISK_CHECK_IN_MS } from '../../server/chat/safety/crisis-reply';

describe('chat safety net: the crisis reply', () => {
  it('gives the crisis lines, invites to keep talking, varies by turn, and never names a method', () => {
    const replies = [0, 1, 2, 3].map(crisisReply);
    for (const text of replies) {
      expect(text).toContain(CRISIS_LINES);
      for (const line of ['8-800-2000-122', 'бесплатно и анонимно', '051', '+7 495 051', '112'])
        expect(text).toContain(line);
      expect(text).toMatch(/\?/); // asks, so the conversation goes on
      expect(text).not.toMatch(/таблет|верёв|веревк|вены|окн|крыш|мост|петл|(^|[^а-я])яд([^а-я]|$)/i);
    }
    expect(new Set(replies).size).toBeGreaterThan(1);
  });

  it('keeps the check-in for 72 hours after the last signal', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(needsCheckIn(null, now)).toBe(false);
    expect(needsCheckIn(new Date(now.getTime() - RISK_CHECK_IN_MS + 1000), now)).toBe(true);
    expect(needsCheckIn(new Date(now.getTime() - RISK_CHECK_IN_MS), now)).toBe(false);
    expect(RISK_CHECK_IN_MS).toBe(72 * 3_600_000);
  });
});
