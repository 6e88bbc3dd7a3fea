// reportBotAccess: the settings flow's actor after Telegram's requestWriteAccess tells the server the answer;
// 'unavailable' (Telegram could not ask) tells nothing.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { putBotAccess } from '../../src/api/profile';
import { profileActors } from '../../src/api/profile.actors';

vi.mock('../../src/api/profile', async (actual) => ({
  ...(await actual<typeof import('../../src/api/profile')>()),
  putBotAccess: vi.fn(),
}));
const put = vi.mocked(putBotAccess);

const report = (answer: 'allowed' | 'denied' | 'unavailable') =>
  toPromise(createActor(profileActors.reportBotAccess, { input: { answer } }).start());

describe('reportBotAccess', () => {
  beforeEach(() => put.mockReset().mockResolvedValue(undefined));

  it('allowed → { allowed: true }, denied → { allowed: false }, unavailable → no call', async () => {
    await report('allowed');
    await report('denied');
    await report('unavailable');
    expect(put.mock.calls).toEqual([[{ allowed: true }], [{ allowed: false }]]);
  });

  it('a failed call fails the actor (the flow decides what to show)', async () => {
    put.mockRejectedValueOnce(new Error('offline'));
    await expect(report('allowed')).rejects.toThrow('offline');
  });
});
