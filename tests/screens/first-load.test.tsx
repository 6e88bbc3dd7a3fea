// The first load's head start: the entry's GET /api/users/me that the auth machine takes instead of asking again,
// the start screen a launch leads to (whose chunks the entry preloads), and a preloaded chunk handed to React.lazy
// without suspending.
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EarlySignIn from '../../src/auth/earlySignIn';
import type * as AuthActorModule from '../../src/auth/authActor';
import type * as InitData from '../../src/telegram/initData';
import type * as HomeApi from '../../src/api/home';
import { routeChunks, startScreenChunks } from '../../src/routeChunks';
import { preloadStartScreen, START_SCREEN_FILES_ID, startScreen } from '../../src/startScreen';

const INIT_DATA = 'user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';
const OTHER_INIT_DATA = 'user=%7B%22id%22%3A43%7D&auth_date=1700000000&hash=def';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('early sign-in: the entry asks, the auth machine takes the answer', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let early: typeof EarlySignIn;
  let auth: typeof AuthActorModule;
  let initData: typeof InitData;
  const sentInitData = () => fetchMock.mock.calls.map(([request]) => (request as Request).headers.get('X-Init-Data'));

  beforeEach(async () => {
    window.history.replaceState(null, '', '/app/home');
    sessionStorage.clear();
    localStorage.clear();
    fetchMock = vi.fn(async () => json(200, { first_name: 'Анна' }));
    vi.stubGlobal('fetch', fetchMock);
    vi.resetModules(); // fresh module state: the init data read once, the early request taken once
    early = await import('../../src/auth/earlySignIn');
    auth = await import('../../src/auth/authActor');
    initData = await import('../../src/telegram/initData');
  });
  afterEach(() => vi.unstubAllGlobals());

  const signedInActor = async () => {
    const actor = auth.createAuthActor().start();
    await waitFor(() => expect(actor.getSnapshot().matches('loading')).toBe(false));
    return actor;
  };

  it('one GET /api/users/me with the launch init data, sent before the machine exists, is the one it signs in with', async () => {
    localStorage.setItem('tg_init_data', INIT_DATA);
    early.startSignIn();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/users/me');
    expect(request.headers.get('X-Init-Data')).toBe(INIT_DATA);

    const actor = await signedInActor();
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.user).toMatchObject({ first_name: 'Анна' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a failed early answer is the machine’s error screen; «Повторить» asks the server again', async () => {
    localStorage.setItem('tg_init_data', INIT_DATA);
    fetchMock.mockImplementationOnce(async () => json(401, { detail: 'Требуется авторизация' }));
    early.startSignIn();
    const actor = await signedInActor();
    expect(actor.getSnapshot().matches({ error: 'auth' })).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    actor.send({ type: 'RETRY' });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('authenticated'));
    expect(sentInitData()).toEqual([INIT_DATA, INIT_DATA]);
  });

  it('boot can wait for the early answer without taking it: settled on success or failure, at once with none', async () => {
    const settled = (p: Promise<void>) =>
      Promise.race([p.then(() => true), new Promise((r) => setTimeout(r, 50, false))]);
    await expect(settled(early.signInAnswered())).resolves.toBe(true); // nothing sent: nothing to wait for

    localStorage.setItem('tg_init_data', INIT_DATA);
    let answer!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    early.startSignIn();
    const waiting = early.signInAnswered();
    await expect(settled(waiting)).resolves.toBe(false); // still on its way
    answer(json(401, { detail: 'Требуется авторизация' }));
    await expect(settled(waiting)).resolves.toBe(true); // a failure is an answer too, never a rejection
    // Still there for the machine: it signs in with this answer, not a second request.
    const actor = await signedInActor();
    expect(actor.getSnapshot().matches({ error: 'auth' })).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a network failure of the early request is «Нет соединения», as the machine’s own request would be', async () => {
    localStorage.setItem('tg_init_data', INIT_DATA);
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    early.startSignIn();
    const actor = await signedInActor();
    expect(actor.getSnapshot().matches({ error: 'network' })).toBe(true);
  });

  it('the answer is for its init data only: the machine reading other init data asks with those', async () => {
    localStorage.setItem('tg_init_data', INIT_DATA);
    early.startSignIn();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    localStorage.setItem('tg_init_data', OTHER_INIT_DATA); // e.g. another launch's copy by the time auth reads it
    await signedInActor();
    expect(sentInitData()).toEqual([INIT_DATA, OTHER_INIT_DATA]);
    expect(initData.getInitData()).toBe(OTHER_INIT_DATA);
  });

  it('without init data nothing is sent, and the machine shows «Откройте в Telegram»', async () => {
    early.startSignIn();
    const actor = await signedInActor();
    expect(actor.getSnapshot().matches({ error: 'noInitData' })).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without the entry’s request (boot called directly, as in the component tests) the machine asks itself', async () => {
    localStorage.setItem('tg_init_data', INIT_DATA);
    const actor = await signedInActor();
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(sentInitData()).toEqual([INIT_DATA]);
  });
});

describe('start screen of a launch', () => {
  beforeEach(() => localStorage.clear());
  const at = (url: string) => {
    const { pathname, search } = new URL(url, 'http://app.test');
    return startScreen({ pathname, search });
  };

  it('returning user: home from the splash, /init (without an origin elsewhere), /onboarding, /app and its redirects', () => {
    localStorage.setItem('onboarding_completed', 'true');
    for (const url of [
      '/',
      '/init',
      '/init?from=%2Fapp%2Fhome',
      '/onboarding',
      '/app',
      '/app/',
      '/app/home',
      '/app/home/',
      '/app/dashboard',
    ]) {
      expect(at(url), url).toBe('home');
    }
  });

  it('first launch: onboarding on the same ways in', () => {
    for (const url of ['/', '/init', '/onboarding', '/app/home', '/app/dashboard'])
      expect(at(url), url).toBe('onboarding');
  });

  it('none for a route deep in the app, or /init returning elsewhere: those load their chunk when routed', () => {
    localStorage.setItem('onboarding_completed', 'true');
    for (const url of [
      '/app/diary',
      '/app/diary/12',
      '/app/chat',
      '/app/profile/settings',
      '/init?from=%2Fapp%2Fdiary',
      '/elsewhere',
    ]) {
      expect(at(url), url).toBeNull();
    }
  });

  it('the entry adds a modulepreload link for each file index.html lists for that screen; nothing without the list', () => {
    localStorage.setItem('onboarding_completed', 'true');
    const links = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
        l.getAttribute('href'),
      );
    const location = { pathname: '/app/home', search: '' };
    preloadStartScreen(location); // development: index.html has no list
    expect(links()).toEqual([]);

    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = START_SCREEN_FILES_ID;
    list.textContent = JSON.stringify({
      home: ['/assets/TabsLayout-a.js', '/assets/HomeScreen-b.js'],
      onboarding: ['/assets/Onboarding-c.js'],
    });
    document.head.appendChild(list);
    try {
      preloadStartScreen({ pathname: '/app/diary', search: '' });
      expect(links()).toEqual([]);
      preloadStartScreen(location);
      expect(links()).toEqual(['/assets/TabsLayout-a.js', '/assets/HomeScreen-b.js']);
      expect(document.head.querySelector('link[rel="modulepreload"]')!.getAttribute('crossorigin')).toBe(''); // anonymous
    } finally {
      document.head.querySelectorAll('link[rel="modulepreload"]').forEach((l) => l.remove());
      list.remove();
    }
  });

  it('home’s chunks are the tabs layout and the home screen; onboarding’s, its screen', () => {
    expect(startScreenChunks.home).toEqual([routeChunks.tabsLayout, routeChunks.home]);
    expect(startScreenChunks.onboarding).toEqual([routeChunks.onboarding]);
  });
});

describe('route chunks', () => {
  it('once preloaded, a chunk is handed over synchronously (React.lazy then renders it without suspending)', async () => {
    const chunk = routeChunks.home;
    const loaded = await chunk.preload();
    let handed: unknown;
    void chunk.load().then((module) => (handed = module));
    expect(handed).toBe(loaded); // no await: the thenable called back at once
    expect(typeof (loaded as { default: unknown }).default).toBe('function');
    expect(chunk.preload()).toBe(chunk.preload()); // one download, however often asked
  });

  it('before that, load() is the download itself', async () => {
    const chunk = routeChunks.help;
    const pending = chunk.load();
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toBe(await chunk.preload());
  });
});

describe('early home summary: the entry asks beside the sign-in, home takes the answer once', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let home: typeof HomeApi;

  beforeEach(async () => {
    window.history.replaceState(null, '', '/app/home');
    localStorage.clear();
    fetchMock = vi.fn(async () => json(200, { today: '2030-01-16' }));
    vi.stubGlobal('fetch', fetchMock);
    vi.resetModules();
    home = await import('../../src/api/home');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends GET /api/home/summary with the launch init data; the answer is taken once, then asked afresh', async () => {
    localStorage.setItem('tg_init_data', INIT_DATA);
    home.startHomeSummary();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/home/summary');
    expect(request.headers.get('X-Init-Data')).toBe(INIT_DATA);
    await expect(home.takeHomeSummary()).resolves.toEqual({ today: '2030-01-16' });
    expect(home.takeHomeSummary()).toBeNull();
  });

  it('without init data nothing is sent', () => {
    home.startHomeSummary();
    expect(home.takeHomeSummary()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a 401 of the early request is home’s failure to show, not a reload of /init', async () => {
    localStorage.setItem('tg_init_data', INIT_DATA);
    fetchMock.mockImplementationOnce(async () => json(401, { detail: 'Требуется авторизация' }));
    home.startHomeSummary();
    await expect(home.takeHomeSummary()).rejects.toThrow();
    expect(window.location.pathname).toBe('/app/home');
  });
});
