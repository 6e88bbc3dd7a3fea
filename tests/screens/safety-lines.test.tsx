// The crisis lines on the device (src/api/safety.ts) over a stubbed fetch: the server's list is kept in
// localStorage and shown after a restart without a network; a broken or refused storage, or a first start offline,
// falls back to the list shipped with the app; and the after-crisis window read from today's usage
// (src/api/helpNearby.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHIPPED_CRISIS_LINES, type CrisisLines } from '../../contract/safety/crisis-lines';
import { readInitData } from '../../src/telegram/initData';

const UK: CrisisLines = {
  intro: 'Please talk to a person right now:',
  briefIntro: 'If you want to talk to someone:',
  lines: [
    {
      id: 'uk-samaritans',
      audience: 'everyone',
      label: 'Samaritans',
      phones: [{ number: '116 123' }],
      brief: true,
      sources: [{ url: 'https://www.samaritans.org/', checked: '2026-11-28' }],
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
/** The module as a fresh app start loads it (it reads the device's copy once, at start). */
const fresh = async () => {
  vi.resetModules();
  return import('../../src/api/safety');
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('tg_init_data', 'user=%7B%22id%22%3A42%7D&hash=abc');
  readInitData();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loadCrisisLines', () => {
  it('takes the server’s list and keeps it; after a restart without a network the kept copy shows', async () => {
    fetchMock.mockResolvedValueOnce(json(200, UK));
    const first = await fresh();
    expect(first.crisisLinesStore.get()).toEqual(SHIPPED_CRISIS_LINES); // nothing kept yet
    expect(await first.loadCrisisLines()).toEqual(UK);
    expect((fetchMock.mock.calls[0]![0] as Request).url).toMatch(/\/api\/safety\/lines$/);
    expect(first.crisisLinesStore.get()).toEqual(UK);
    expect(JSON.parse(localStorage.getItem('crisis_lines')!)).toEqual(UK);

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await fresh();
    expect(offline.crisisLinesStore.get()).toEqual(UK);
    expect(await offline.loadCrisisLines()).toEqual(UK);
  });

  it('a first start offline, a broken copy or a server answering garbage: the shipped list', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await (await fresh()).loadCrisisLines()).toEqual(SHIPPED_CRISIS_LINES);
    localStorage.setItem('crisis_lines', '{"intro": 1');
    expect((await fresh()).crisisLinesStore.get()).toEqual(SHIPPED_CRISIS_LINES);
    localStorage.setItem('crisis_lines', JSON.stringify({ ...UK, lines: [] }));
    expect((await fresh()).crisisLinesStore.get()).toEqual(SHIPPED_CRISIS_LINES);
    fetchMock.mockResolvedValueOnce(json(200, { lines: 'none' }));
    const module = await fresh();
    expect(await module.loadCrisisLines()).toEqual(SHIPPED_CRISIS_LINES);
    expect(localStorage.getItem('crisis_lines')).toBe(JSON.stringify({ ...UK, lines: [] })); // not overwritten
  });

  it('a storage that throws changes nothing visible', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    fetchMock.mockResolvedValueOnce(json(200, UK));
    const module = await fresh();
    expect(module.crisisLinesStore.get()).toEqual(SHIPPED_CRISIS_LINES);
    expect(await module.loadCrisisLines()).toEqual(UK);
    expect(module.crisisLinesStore.get()).toEqual(UK);
  });

  it('the first screen that shows lines refreshes them once per start; every subscriber hears the new list', async () => {
    fetchMock.mockResolvedValue(json(200, UK));
    const module = await fresh();
    const heard = vi.fn();
    const stop = module.crisisLinesStore.subscribe(heard);
    module.crisisLinesStore.subscribe(() => {});
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the after-crisis window', () => {
  it('is open until help_nearby_until, as the last usage said', async () => {
    vi.resetModules();
    const { helpNearbyNow, noteUsage } = await import('../../src/api/helpNearby');
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(helpNearbyNow(now)).toBe(false);
    noteUsage({ help_nearby_until: '2026-11-28T12:00:01Z' });
    expect(helpNearbyNow(now)).toBe(true);
    expect(helpNearbyNow(Date.parse('2026-11-28T12:00:01Z'))).toBe(false);
    noteUsage(null); // no usage: what was known stays
    expect(helpNearbyNow(now)).toBe(true);
    noteUsage({ help_nearby_until: null });
    expect(helpNearbyNow(now)).toBe(false);
  });
});
