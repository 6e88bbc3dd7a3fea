// The home a device keeps for its next visit today (src/screens/home/keepShell.ts; found by keptShell.ts, painted by
// paintKeptHome.ts): painted only for the launch's
// own user, on the day it was kept, in the launch's theme; its greeting written afresh; only the CSS it uses; a tap
// on it replayed on React's control, once React's first commit has replaced it. With nothing kept, home's first
// frame, the file index.html names (vite-plugins/cold-home.ts), in the launch's readable colours (decision 0285).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { homeShellOf, usedCss } from '../../src/screens/home/keepShell';
import { COLD_HOME_NAME, GREETING_MARK, KEPT_MARK, shellStorageKey } from '../../src/screens/home/keptHomeFormat';
import { keptHomeToPaint } from '../../src/screens/home/keptShell';
import { paintKeptHome } from '../../src/screens/home/paintKeptHome';
import { START_SCREEN_FILES_ID } from '../../src/startScreen';

const ANNA = 7_001;
const THEME = '{"bg_color":"#17212b","text_color":"#f5f5f5"}';
const MORNING = new Date(2030, 0, 14, 9, 30);
const EVENING = new Date(2030, 0, 14, 20, 15);

/** A launch as Telegram opens the app: the init data and the theme in the URL's hash. */
function launchAs(id: number, theme = THEME) {
  const initData = new URLSearchParams({ user: JSON.stringify({ id, first_name: 'Анна' }), hash: 'x' }).toString();
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppPlatform: 'android',
    tgWebAppVersion: '8.0',
    tgWebAppThemeParams: theme,
  }).toString();
  window.history.replaceState(null, '', `/app/home#${hash}`);
  localStorage.removeItem('tg_init_data');
  sessionStorage.clear();
}

const root = () => document.getElementById('root')!;

/** What home does once its week has painted: keep its record for this user (HomeScreen.tsx). */
function keepHomeShell(telegramId: number, container: HTMLElement, now: Date) {
  const shell = homeShellOf(container, now);
  if (shell) localStorage.setItem(shellStorageKey(telegramId), shell);
}

/** What the entry does: find the launch's kept home, then paint it. */
function paintKept(now: Date): boolean {
  const found = keptHomeToPaint(now);
  return found ? paintKeptHome(root(), found) : false;
}

/** Home as React would have painted it: its rules in a style sheet (each inserted first), a greeting, a link, a radio. */
function paintHome() {
  const style = document.createElement('style');
  document.head.append(style);
  style.sheet!.insertRule('.used { color: var(--app-text-color); }');
  style.sheet!.insertRule('.unused { color: red; }');
  style.sheet!.insertRule('body { margin: 0; }');
  document.documentElement.style.setProperty('--app-text-color', '#f5f5f5');
  root().innerHTML =
    `<h1 class="used" ${GREETING_MARK}>Доброе утро, Анна</h1><p>Как вы себя чувствуете сегодня?</p>` +
    '<button aria-label="Хорошее">🙂</button><a href="/app/diary">Дневник</a>';
}

/** React's first commit: the container emptied and home painted again, its controls live. */
function reactTakesOver(onDiary: () => void) {
  root().textContent = '';
  const greetingElement = document.createElement('h1');
  greetingElement.textContent = 'Добрый вечер, Анна';
  const radio = document.createElement('button');
  radio.setAttribute('aria-label', 'Хорошее');
  const link = document.createElement('a');
  link.href = '/app/diary';
  link.textContent = 'Дневник';
  link.addEventListener('click', (event) => {
    event.preventDefault();
    onDiary();
  });
  root().append(greetingElement, radio, link);
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('style');
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('the kept home', () => {
  it('keeps only the CSS its markup uses, and every rule bound to no class', () => {
    paintHome();
    expect(usedCss(document, root())).toBe('body {margin: 0;}\n.used {color: var(--app-text-color);}');
  });

  it('is painted for the same user, day and theme, with the greeting of the hour and the kept colours', () => {
    launchAs(ANNA);
    paintHome();
    keepHomeShell(ANNA, root(), MORNING);
    document.body.innerHTML = '<div id="root"></div>';
    document.head.innerHTML = '';
    document.documentElement.removeAttribute('style');

    expect(paintKept(EVENING)).toBe(true);
    expect(root().hasAttribute(KEPT_MARK)).toBe(true);
    expect(root().querySelector('h1')!.textContent).toBe('Добрый вечер, Анна');
    expect(root().querySelector('p')!.textContent).toBe('Как вы себя чувствуете сегодня?');
    expect(document.head.querySelector('style')!.textContent).toBe(
      'body {margin: 0;}\n.used {color: var(--app-text-color);}',
    );
    expect(document.documentElement.style.getPropertyValue('--app-text-color')).toBe('#f5f5f5');
  });

  it.each([
    ['another user', () => launchAs(ANNA + 1), MORNING],
    ['another theme', () => launchAs(ANNA, '{"bg_color":"#ffffff"}'), MORNING],
    ['the next day', () => launchAs(ANNA), new Date(2030, 0, 15, 0, 5)],
  ])('is not painted for %s', (_, launch, now) => {
    launchAs(ANNA);
    paintHome();
    keepHomeShell(ANNA, root(), MORNING);
    root().innerHTML = '';
    launch();
    expect(paintKept(now)).toBe(false);
    expect(root().innerHTML).toBe('');
  });

  it('is not painted where React has painted already', () => {
    launchAs(ANNA);
    paintHome();
    keepHomeShell(ANNA, root(), MORNING);
    root().innerHTML = '<main>React</main>';
    expect(paintKept(MORNING)).toBe(false);
    expect(root().innerHTML).toBe('<main>React</main>');
  });

  it('is not kept while part of home is loading, nor when nothing was kept or it does not parse', () => {
    launchAs(ANNA);
    paintHome();
    root().insertAdjacentHTML('beforeend', '<div role="progressbar"></div>');
    keepHomeShell(ANNA, root(), MORNING);
    expect(localStorage.getItem(shellStorageKey(ANNA))).toBeNull();
    expect(paintKept(MORNING)).toBe(false);
    localStorage.setItem(shellStorageKey(ANNA), '{"v":1,"html":3}');
    expect(paintKept(MORNING)).toBe(false);
  });

  it('holds a tap until React has painted, then gives it to the same control; the kept styles go', async () => {
    launchAs(ANNA);
    paintHome();
    keepHomeShell(ANNA, root(), MORNING);
    document.head.innerHTML = '';
    root().innerHTML = '';
    expect(paintKept(MORNING)).toBe(true);

    const link = root().querySelector('a')!;
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);

    const opened: string[] = [];
    reactTakesOver(() => opened.push('diary'));
    await flush();
    expect(opened).toEqual(['diary']);
    expect(root().hasAttribute(KEPT_MARK)).toBe(false);
    expect(document.head.querySelector('style')).toBeNull();

    // React's own links are not held afterwards.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    root().querySelector('button')!.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('drops a tap when React paints another screen without that control', async () => {
    launchAs(ANNA);
    paintHome();
    keepHomeShell(ANNA, root(), MORNING);
    root().innerHTML = '';
    expect(paintKept(MORNING)).toBe(true);
    root()
      .querySelector('a')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    root().textContent = '';
    const retry = document.createElement('button');
    let pressed = 0;
    retry.addEventListener('click', () => (pressed += 1));
    retry.textContent = 'Повторить';
    root().append(retry);
    await flush();
    expect(pressed).toBe(0);
  });
});

describe('index.html’s early script (src/earlyPaint.ts)', () => {
  const BOOT = ['/assets/app-a.js', '/assets/vendor-b.js'];
  const preloads = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

  /** Home's first frame, the build's file (vite-plugins/cold-home.ts): a stand-in, served by a stand-in fetch. */
  const COLD = {
    css: '.cold { color: var(--app-hint-color); }',
    html: `<main><h1 class="cold" ${GREETING_MARK}>Доброе утро, Друг</h1><p>Как вы себя чувствуете сегодня?</p><a href="/app/diary">Дневник</a></main>`,
  };
  const COLD_URL = '/assets/cold-home-x1.json';
  let fetched: string[] = [];
  let coldAnswer: () => Promise<Response>;
  /** index.html names the file in its head; the network answers it (or fails, or never does). */
  function nameColdHome(answer = async () => new Response(JSON.stringify(COLD))) {
    const meta = document.createElement('meta');
    meta.name = COLD_HOME_NAME;
    meta.content = COLD_URL;
    document.head.append(meta);
    coldAnswer = answer;
  }
  beforeEach(() => {
    fetched = [];
    coldAnswer = () => Promise.reject(new TypeError('no network in this test'));
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return coldAnswer();
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  const appColor = (name: string) => document.documentElement.style.getPropertyValue(`--app-${name}-color`);

  /** index.html as built: the container, the list of boot's files; the script runs as the parser meets it. */
  async function runEarlyScript() {
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = START_SCREEN_FILES_ID;
    list.textContent = JSON.stringify({ home: [], onboarding: ['/assets/Onboarding-c.js'], boot: BOOT });
    document.body.append(list);
    vi.resetModules();
    await import('../../src/earlyPaint');
  }

  beforeEach(() => {
    launchAs(ANNA);
    localStorage.setItem('onboarding_completed', 'true');
  });

  it('paints the home kept today, and preloads boot’s files only with its frame', async () => {
    paintHome();
    keepHomeShell(ANNA, root(), new Date());
    root().innerHTML = '';
    await runEarlyScript();
    expect(root().hasAttribute(KEPT_MARK)).toBe(true);
    expect(root().textContent).toContain('Как вы себя чувствуете сегодня?');
    expect(preloads()).toEqual([]);
    await frame();
    expect(preloads()).toEqual(BOOT);
  });

  it('with nothing kept, paints home’s first frame when it comes, for the launch’s user, in the launch’s colours', async () => {
    nameColdHome();
    await runEarlyScript();
    // Boot's files are asked for at once (nothing is painted yet), beside the frame's file.
    expect(fetched).toEqual([COLD_URL]);
    expect(preloads()).toEqual(BOOT);
    await vi.waitFor(() => expect(root().hasAttribute(KEPT_MARK)).toBe(true));
    expect(root().querySelector('h1')!.textContent).toMatch(
      /^(Доброй ночи|Доброе утро|Добрый день|Добрый вечер), Анна$/,
    );
    expect(root().querySelector('p')!.textContent).toBe('Как вы себя чувствуете сегодня?');
    expect(document.head.querySelector('style')!.textContent).toBe(COLD.css);
    // THEME's dark surface and light text, the hint derived from them (tests/client/readable-theme.test.ts).
    expect([appColor('bg'), appColor('text')]).toEqual(['#17212b', '#f5f5f5']);
    expect(appColor('hint')).toMatch(/^#[0-9a-f]{6}$/);
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('paints no first frame over React’s home, nor one that failed or does not parse', async () => {
    let answer!: (response: Response) => void;
    nameColdHome(() => new Promise((resolve) => (answer = resolve)));
    await runEarlyScript();
    root().innerHTML = '<main>React</main>'; // React came first
    answer(new Response(JSON.stringify(COLD)));
    await flush();
    expect(root().innerHTML).toBe('<main>React</main>');

    for (const failing of [
      () => Promise.reject(new TypeError('offline')),
      async () => new Response('<html>'),
      async () => new Response('{"css":1}'),
    ]) {
      root().innerHTML = '';
      document.head.innerHTML = '';
      nameColdHome(failing);
      await runEarlyScript();
      await flush();
      expect(root().hasChildNodes()).toBe(false);
    }
  });

  it('paints the home kept today rather than home’s first frame, and does not ask for that', async () => {
    paintHome();
    keepHomeShell(ANNA, root(), new Date());
    root().innerHTML = '';
    nameColdHome();
    await runEarlyScript();
    expect(root().querySelector('button')!.getAttribute('aria-label')).toBe('Хорошее'); // the kept one's radio
    expect(fetched).toEqual([]);
    await frame(); // boot's preloads, in the kept home's frame
  });

  it.each([
    ['a first launch (onboarding ahead)', () => localStorage.removeItem('onboarding_completed')],
    ['a launch without init data', () => window.history.replaceState(null, '', '/app/home')],
    ['a launch at another route', () => window.history.replaceState(null, '', `/app/diary${window.location.hash}`)],
  ])('does not ask for home’s first frame for %s', async (_, launch) => {
    nameColdHome();
    launch();
    await runEarlyScript();
    await flush();
    expect(fetched).toEqual([]);
    expect(root().hasChildNodes()).toBe(false);
    expect(preloads()).toEqual(BOOT);
  });

  it('sets the launch’s readable colours before the first frame of any route', async () => {
    window.history.replaceState(null, '', `/app/diary${window.location.hash}`);
    await runEarlyScript();
    expect([appColor('bg'), appColor('section-bg'), appColor('text')]).toEqual(['#17212b', '#17212b', '#f5f5f5']);
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('preloads boot’s files at once when there is nothing to paint: nothing kept, or a launch elsewhere', async () => {
    await runEarlyScript();
    expect(root().hasChildNodes()).toBe(false);
    expect(preloads()).toEqual(BOOT);

    document.head.innerHTML = '';
    paintHome();
    keepHomeShell(ANNA, root(), new Date());
    root().innerHTML = '';
    window.history.replaceState(null, '', `/app/diary${window.location.hash}`);
    await runEarlyScript();
    expect(root().hasChildNodes()).toBe(false);
    expect(preloads()).toEqual(BOOT);
  });
});
