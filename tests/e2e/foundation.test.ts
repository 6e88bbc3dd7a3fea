// Foundation in a real Chromium against the real server: the production bundle, launch outside Telegram, signed
// launch → onboarding → home, Telegram start-up for the /dev launcher and for old clients, bottom navigation, the
// session surviving a reload without the hash, and a forged init data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIST, findDevelopmentRuntime, REACT_DEVELOPMENT_MARKER, ROOT } from '../../server/start/client-build';
import {
  defaultUser,
  forgeInitData,
  launchUrl,
  openApp,
  signInitData,
  signLegacyInitData,
  startServer,
  useServerAndBrowser,
  type E2EServer,
} from './harness';

const e2e = useServerAndBrowser();

/** What Telegram start-up left on <html>: CSS variables bound only when the SDK initialised ('ready'). */
function startupTraces(page: Page) {
  return page.evaluate(() => {
    const style = document.documentElement.style;
    return {
      themeBg: style.getPropertyValue('--tg-theme-bg-color'),
      viewportHeight: style.getPropertyValue('--tg-viewport-height'),
      safeAreaTop: style.getPropertyValue('--tg-viewport-safe-area-inset-top'),
      contentSafeAreaTop: style.getPropertyValue('--tg-viewport-content-safe-area-inset-top'),
      colorScheme: style.colorScheme,
    };
  });
}

/** Telegram's SDK starts after the first paint (src/boot.tsx), so its traces appear a moment after the screen. */
const STARTUP = { timeout: 10_000 };

const GREETING = /(Доброй ночи|Доброе утро|Добрый день|Добрый вечер), Анна/;

const nav = (page: Page) => page.locator('nav');

/** Walks the three onboarding slides with «Далее», «Далее», «Начать». */
async function finishOnboarding(page: Page) {
  await page.getByRole('button', { name: 'Далее', exact: true }).click();
  await page.getByRole('button', { name: 'Далее', exact: true }).click();
  await page.getByRole('button', { name: 'Начать', exact: true }).click();
}

describe('the bundle under test', () => {
  it('is a production build: no React development runtime in dist/ (the marker tells React’s two builds apart)', () => {
    const react = (file: string) => readFileSync(join(ROOT, 'node_modules', file), 'utf8');
    expect(react('react-dom/cjs/react-dom-client.development.js')).toContain(REACT_DEVELOPMENT_MARKER);
    expect(react('react-dom/cjs/react-dom-client.production.js')).not.toContain(REACT_DEVELOPMENT_MARKER);
    expect(react('react/cjs/react.production.js')).not.toContain(REACT_DEVELOPMENT_MARKER);
    expect(findDevelopmentRuntime(DIST)).toBeNull();
  });
});

describe('foundation in Chromium', () => {
  it('without init data shows «Откройте в Telegram» with «Повторить»', async () => {
    const page = await openApp(e2e.browser, `${e2e.server.url}/`);
    await expect
      .poll(() => page.getByText('Откройте в Telegram', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Повторить' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('signed launch parameters → onboarding → home greets the user by first name', async () => {
    const page = await openApp(e2e.browser, launchUrl(e2e.server));
    await page.waitForURL('**/onboarding', { timeout: 15_000 });
    // The first slide with «Пропустить»; then «Далее», «Далее», «Начать».
    await page.getByRole('button', { name: 'Пропустить' }).waitFor({ state: 'visible' });
    await finishOnboarding(page);
    await page.waitForURL('**/app/home');
    await expect.poll(() => page.getByText(GREETING).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('Как вы себя чувствуете сегодня?').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('onboarding_completed'))).toBe('true');
    // Telegram start-up ran (the launch is signed as /dev signs it, `signature` empty): theme and viewport bound.
    await expect
      .poll(() => startupTraces(page), STARTUP)
      .toMatchObject({
        themeBg: '#ffffff',
        viewportHeight: '844px',
        colorScheme: 'light',
      });

    // Onboarding is shown once: a later visit to /onboarding (a full reload) goes to home.
    await page.goto(`${e2e.server.url}/onboarding`);
    await page.waitForURL('**/app/home', { timeout: 15_000 });
    await expect.poll(() => page.getByText(GREETING).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.context().close();
  });

  it('an old Telegram client (init data without signature) gets the whole start-up and signs in', async () => {
    const page = await openApp(
      e2e.browser,
      launchUrl(e2e.server, { initData: signLegacyInitData(defaultUser), version: '7.0' }),
    );
    await page.waitForURL('**/onboarding', { timeout: 15_000 });
    await expect
      .poll(() => startupTraces(page), STARTUP)
      .toMatchObject({ themeBg: '#ffffff', viewportHeight: '844px', colorScheme: 'light' });
    const traces = await startupTraces(page);
    expect(traces.safeAreaTop).toBe('0px');
    expect(traces.contentSafeAreaTop).toBe('0px');
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.waitForURL('**/app/home');
    await expect.poll(() => page.getByText(GREETING).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.context().close();
  });

  it('bottom navigation switches tabs', async () => {
    const page = await openApp(e2e.browser, launchUrl(e2e.server));
    await page.waitForURL('**/onboarding', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.waitForURL('**/app/home');
    const tabs: Array<[string, string]> = [
      ['Чат', '/app/chat'],
      ['Дневник', '/app/diary'],
      ['Практики', '/app/practices'],
      ['Профиль', '/app/profile'],
      ['Главная', '/app/home'],
    ];
    for (const [label, path] of tabs) {
      const tab = nav(page).getByRole('link', { name: label, exact: true });
      await tab.click();
      await page.waitForURL(`**${path}`);
      // The active tab follows the route's transition, which waits for the screen's chunk: seconds on a busy machine.
      await expect.poll(() => tab.getAttribute('aria-current'), { timeout: 10_000 }).toBe('page');
    }
    await expect.poll(() => page.getByText(GREETING).isVisible()).toBe(true);
    await page.context().close();
  });

  it('a reload without the hash keeps the session through tg_init_data', async () => {
    const initData = signInitData(defaultUser);
    const page = await openApp(e2e.browser, launchUrl(e2e.server, { initData }));
    await page.waitForURL('**/onboarding', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.waitForURL('**/app/home');
    expect(await page.evaluate(() => localStorage.getItem('tg_init_data'))).toBe(initData);

    // Drop the SDK's per-tab copy of the launch parameters, then load the app without any hash.
    await page.evaluate(() => sessionStorage.clear());
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/users/me'));
    await page.goto(`${e2e.server.url}/app/home`);
    expect((await sent).headers()['x-init-data']).toBe(initData);
    await expect.poll(() => page.getByText(GREETING).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/app/home');
    await page.context().close();
  });

  it('a forged init data shows «Ошибка авторизации»', async () => {
    const forged = forgeInitData(signInitData(defaultUser));
    const page = await openApp(e2e.browser, launchUrl(e2e.server, { initData: forged }));
    await expect
      .poll(() => page.getByText('Ошибка авторизации', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Повторить' }).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('the /dev launcher (server without BOT_TOKEN) in Chromium', () => {
  let dev: E2EServer | undefined;
  beforeAll(async () => {
    dev = await startServer({ env: { BOT_TOKEN: '' } });
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it.each([
    ['light', '#ffffff', 'light'],
    ['dark', '#212121', 'dark'],
  ])(
    'theme=%s: start-up reaches ready (theme %s, color-scheme %s) and the demo user signs in',
    async (theme, bg, scheme) => {
      const page = await openApp(e2e.browser, `${dev!.url}/dev?theme=${theme}`);
      await page.waitForURL('**/onboarding', { timeout: 15_000 });
      await expect
        .poll(() => startupTraces(page), STARTUP)
        .toMatchObject({ themeBg: bg, viewportHeight: '844px', colorScheme: scheme });
      await page.getByRole('button', { name: 'Пропустить' }).click();
      await expect.poll(() => page.getByText(/, Демо/).isVisible(), { timeout: 10_000 }).toBe(true);
      await page.context().close();
    },
  );
});
