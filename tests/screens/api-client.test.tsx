import { TimeoutError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, authApi, HTTP_TIMEOUT_MS } from '../../src/api/client';
import { authFailureKind, errorDetail, httpStatus } from '../../src/api/errors';
import { getMe } from '../../src/api/users';
import { readInitData } from '../../src/telegram/initData';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('API client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('tg_init_data', 'user=%7B%22id%22%3A42%7D&hash=abc');
    readInitData();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: window.location.origin,
      pathname: '/app/diary',
      search: '?filter=week',
      assign,
    } as Location);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('sends X-Init-Data, X-Time-Zone and JSON to the same origin', async () => {
    fetchMock.mockResolvedValue(json(200, { first_name: 'Анна' }));
    await expect(getMe()).resolves.toEqual({ first_name: 'Анна' });
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.url).toBe(`${window.location.origin}/api/users/me`);
    expect(request.headers.get('X-Init-Data')).toBe('user=%7B%22id%22%3A42%7D&hash=abc');
    expect(request.headers.get('X-Time-Zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(request.headers.get('Accept')).toContain('application/json');
  });

  it("takes X-Time-Zone from Temporal where the platform has it (Intl's first use is slow)", async () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Vladivostok' } });
    fetchMock.mockResolvedValue(json(200, { first_name: 'Анна' }));
    await getMe();
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.headers.get('X-Time-Zone')).toBe('Asia/Vladivostok');
  });

  it('gives up after 30 000 ms without an answer (a network failure for the auth screens)', async () => {
    vi.useFakeTimers();
    // A server that never answers: the request ends only when ky aborts it.
    fetchMock.mockImplementation(
      (request: Request) =>
        new Promise((_resolve, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    let outcome: unknown = 'pending';
    void getMe(authApi).catch((error: unknown) => (outcome = error));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(TimeoutError);
    expect(authFailureKind(outcome)).toBe('network');
    expect(HTTP_TIMEOUT_MS).toBe(30_000);
  });

  it('VITE_API_BASE_URL moves every call to that base (build-time setting)', async () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.example.org/');
    vi.resetModules();
    const users = await import('../../src/api/users');
    const initData = await import('../../src/telegram/initData');
    initData.readInitData();
    fetchMock.mockResolvedValue(json(200, { first_name: 'Анна' }));
    await users.getMe();
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.url).toBe('https://api.example.org/api/users/me');
    expect(request.headers.get('X-Init-Data')).toBe('user=%7B%22id%22%3A42%7D&hash=abc');
  });

  it('any 401 sends the browser to /init, remembering the page to come back to', async () => {
    fetchMock.mockResolvedValue(json(401, { detail: 'Требуется авторизация' }));
    const error = await api
      .get('api/diary/list')
      .json()
      .catch((e: unknown) => e);
    expect(httpStatus(error)).toBe(401);
    expect(await errorDetail(error)).toBe('Требуется авторизация');
    expect(authFailureKind(error)).toBe('auth');
    expect(assign).toHaveBeenCalledWith(`/init?from=${encodeURIComponent('/app/diary?filter=week')}`);
  });

  it('a 401 while already on /init does not reload /init (no loop)', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/init', assign } as Location);
    fetchMock.mockResolvedValue(json(401, { detail: 'Требуется авторизация' }));
    await api
      .get('api/users/me')
      .json()
      .catch(() => undefined);
    expect(assign).not.toHaveBeenCalled();
  });

  it('the auth gate’s own call shows its 401 instead of redirecting', async () => {
    fetchMock.mockResolvedValue(json(401, { detail: 'Требуется авторизация' }));
    const error = await getMe(authApi).catch((e: unknown) => e);
    expect(httpStatus(error)).toBe(401);
    expect(assign).not.toHaveBeenCalled();
  });

  it('classifies failures for the auth screens: no answer → network, 5xx → other', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(authFailureKind(await getMe(authApi).catch((e: unknown) => e))).toBe('network');
    fetchMock.mockResolvedValueOnce(json(500, { detail: 'Внутренняя ошибка' }));
    const serverError = await getMe(authApi).catch((e: unknown) => e);
    expect(authFailureKind(serverError)).toBe('other');
    expect(await errorDetail(serverError, 'x')).toBe('Внутренняя ошибка');
    expect(await errorDetail(new Error('boom'), 'Не удалось загрузить данные')).toBe('Не удалось загрузить данные');
  });
});
