// reportBotAccess: the settings flow's actor after Telegram's requestWriteAccess tells the server the answer;
// 'unavailable' (Telegram could not ask) tells nothing.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { putBotAccess } from '../../src/api/settings';
import { settingsActors } from '../../src/api/settings.actors';

vi.mock('../../src/api/settings', async (actual) => ({
  ...(await actual<typeof import('../../src/api/settings')>()),
  putBotAccess: vi.fn(),
}));
const put = vi.mocked(putBotAccess);

const report = (answer: 'allowed' | 'denied' | 'unavailable') =>
  toPromise(createActor(settingsActors.reportBotAccess, { input: { answer } }).start());

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
