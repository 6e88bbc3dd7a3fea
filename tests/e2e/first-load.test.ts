// The first load in a real Chromium against the real server (`npm start`'s build): every script arrives compressed
// (brotli) with Vary and its caching, the sign-in request goes out once — from the entry, before React has arrived — and
// the auth machine signs in with its answer; a failed answer still shows the error screen, and «Повторить» asks again.
import { describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { homeCopy } from '../../src/copy/home';
import { STORAGE_KEYS } from '../../src/telegram/storage';
import {
  PHONE_CONTEXT,
  defaultUser,
  forgeInitData,
  launchUrl,
  screenshotOnFailure,
  signInitData,
  useServerAndBrowser,
} from './harness';

const e2e = useServerAndBrowser();

/** A fresh context (empty cache, nothing stored but the onboarding done, as for a returning user) recording its traffic. */
async function openReturning(
  browser: Browser,
  url: string,
): Promise<{ page: Page; responses: Response[]; signIns: () => number }> {
  const context = await browser.newContext(PHONE_CONTEXT);
  await context.addInitScript(([key]) => localStorage.setItem(key!, 'true'), [STORAGE_KEYS.onboardingCompleted]);
  const page = await context.newPage();
  screenshotOnFailure(page);
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  let signIns = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/users/me') signIns++;
  });
  await page.goto(url);
  return { page, responses, signIns: () => signIns };
}

describe('first load of /app/home', () => {
  it('scripts come brotli-compressed with Vary and immutable caching; index.html is no-cache; one GET /api/users/me', async () => {
    const { page, responses, signIns } = await openReturning(e2e.browser, launchUrl(e2e.server, { path: '/app/home' }));
    await expect.poll(() => page.getByText(homeCopy.prompt).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(page.url()).toMatch(/\/app\/home/);
    await expect.poll(() => page.getByText(new RegExp(`, ${defaultUser.first_name}$`)).isVisible()).toBe(true);
    // React's home, not the first frame painted before its scripts came (decision 0285): on a fast machine the frame
    // shows the prompt and the greeting while the scripts are still on their way.
    await expect.poll(() => page.locator('#root[data-kept-home]').count()).toBe(0);

    const scripts = responses.filter(
      (r) => r.request().resourceType() === 'script' || /\/assets\/.+\.js$/.test(r.url()),
    );
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      const headers = await script.allHeaders();
      expect(headers['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
      expect(headers.vary, script.url()).toMatch(/accept-encoding/i);
      if (Number((await script.body()).length) > 1024) expect(headers['content-encoding'], script.url()).toBe('br');
    }
    const document = responses.find((r) => r.request().resourceType() === 'document')!;
    expect((await document.allHeaders())['cache-control']).toBe('no-cache');
    // The entry's request is the one the auth machine signed in with: no second one.
    expect(signIns()).toBe(1);
    await page.context().close();
  });

  it('a forged init data: the early answer is «Ошибка авторизации»; «Повторить» asks the server again', async () => {
    const forged = forgeInitData(signInitData(defaultUser));
    const { page, signIns } = await openReturning(
      e2e.browser,
      launchUrl(e2e.server, { path: '/app/home', initData: forged }),
    );
    await expect
      .poll(() => page.getByText('Ошибка авторизации', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(signIns()).toBe(1);
    await page.getByRole('button', { name: 'Повторить' }).click();
    await expect.poll(signIns).toBe(2);
    await expect.poll(() => page.getByText('Ошибка авторизации', { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });
});
