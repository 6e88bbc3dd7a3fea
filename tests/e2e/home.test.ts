// Home from real data in a real Chromium against the real server. A START user lives a week of check-ins on the fake
// clock (the server's TEST_CLOCK with X-Test-Now, the page's own clock beside it): one tap a day, never a paywall, the
// streak counting up and the week's chart filling day by day. A PRO user's check-in offers a full diary entry with
// its mood.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { TELEGRAM_THEMES } from '../../server/start/telegram-launch';
import { STORAGE_KEYS } from '../../src/telegram/storage';
import { armAccessibilityGate, expectAccessible } from './a11y';
import {
  launchUrl,
  openHome,
  PHONE_CONTEXT,
  screenshotOnFailure,
  setTier,
  useServerAndBrowser,
  type TgUser,
} from './harness';

const e2e = useServerAndBrowser({ env: { TEST_CLOCK: '1' } });
const starter: TgUser = { id: 5_550_602, first_name: 'Лена', language_code: 'ru' };
const proUser: TgUser = { id: 5_550_601, first_name: 'Вера', language_code: 'ru' };

const TIMEOUT = 10_000;
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });

/** Monday 14 to Sunday 20 January 2030, the mood tapped each morning and its value on the chart. */
const WEEK = [
  ['2030-01-14', 'Плохое', 2],
  ['2030-01-15', 'Нейтральное', 3],
  ['2030-01-16', 'Хорошее', 4],
  ['2030-01-17', 'Очень плохое', 1],
  ['2030-01-18', 'Нейтральное', 3],
  ['2030-01-19', 'Хорошее', 4],
  ['2030-01-20', 'Отличное', 5],
] as const;
const DAY_NAMES = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];
/** «1 день подряд», «2 дня подряд», «5 дней подряд» — written out, not computed by the app's rule. */
const STREAK = [
  '',
  '1 день подряд',
  '2 дня подряд',
  '3 дня подряд',
  '4 дня подряд',
  '5 дней подряд',
  '6 дней подряд',
  '7 дней подряд',
];

/** The server's day and the page's clock both at `iso`; home opened afresh. */
async function liveAt(page: Page, iso: string) {
  await page.context().setExtraHTTPHeaders({ 'x-test-now': iso });
  await page.clock.setSystemTime(new Date(iso));
  await page.reload();
  await page.waitForURL('**/app/home');
}

/** Holds every script file `context` asks for until released: what index.html paints by itself shows meanwhile. */
async function holdScripts(context: BrowserContext) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await context.route(/\/assets\/.+\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

/** A tap on the home painted before React loads no other page; React, once its scripts come, follows it. */
async function tapIsHandedToReact(page: Page, release: () => void) {
  const launched = page.url();
  await page.getByRole('link', { name: 'Дневник Записывайте чувства и мысли' }).click();
  expect(page.url()).toBe(launched);
  release();
  await page.waitForURL('**/app/diary', { timeout: TIMEOUT });
  expect(await page.locator('#root[data-kept-home]').count()).toBe(0);
}

describe('home in Chromium', () => {
  it('a START user checks in each day of a week on the fake clock: no paywall, the streak and the chart grow', async () => {
    // The page's clock is installed before its first script (it runs on: the greeting reads it, nothing pauses it).
    const context = await e2e.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    screenshotOnFailure(page);
    await page.clock.install({ time: new Date('2030-01-14T08:30:00+03:00') });
    await armAccessibilityGate(context, page, {});
    await context.setExtraHTTPHeaders({ 'x-test-now': '2030-01-14T08:30:00+03:00' });
    await page.goto(launchUrl(e2e.server, { user: starter }));
    await page.waitForURL('**/onboarding', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.waitForURL('**/app/home');
    const chart = page.getByRole('img', { name: /Пн: / });
    const status = page.getByRole('region', { name: 'Настроение сегодня' }).getByRole('status');

    for (const [i, [day, mood]] of WEEK.entries()) {
      await liveAt(page, `${day}T08:30:00+03:00`);
      await shown(page.getByRole('heading', { name: 'Доброе утро, Лена' }));
      // The morning before the tap: a first step on Monday; then yesterday's streak stands, today still ahead.
      await shown(page.getByLabel(i === 0 ? 'Первый шаг' : STREAK[i]!));
      await shown(
        page.getByText(
          i === 0
            ? 'Отметьте настроение выше — и здесь появится ваша неделя'
            : 'Серия продолжается — сегодняшний день ещё впереди',
        ),
      );
      await page.getByRole('radio', { name: mood, exact: true }).click();
      await expect
        .poll(() => status.textContent(), { timeout: TIMEOUT })
        .toBe('Настроение отмечено. Его можно изменить до конца дня');
      await shown(page.getByLabel(STREAK[i + 1]!));
      await shown(page.getByText('Вы заботитесь о себе каждый день'));
      const expected = WEEK.slice(0, i + 1).map(([, , v], d) => `${DAY_NAMES[d]}: ${v} из 5`);
      await expect.poll(() => chart.getAttribute('aria-label'), { timeout: TIMEOUT }).toContain(expected.join(', '));
      // Never a paywall, never a diary link on START.
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Написать в дневник' }).count()).toBe(0);
    }

    // Sunday evening: a second tap changes the day's mood, and a note joins it.
    await liveAt(page, '2030-01-20T21:00:00+03:00');
    await shown(page.getByRole('heading', { name: 'Добрый вечер, Лена' }));
    // The greeting comes with the sign-in; today's check-in arrives with its own request, a moment later.
    await expect
      .poll(() => page.getByRole('radio', { name: 'Отличное' }).getAttribute('aria-checked'), { timeout: TIMEOUT })
      .toBe('true');
    await page.getByRole('radio', { name: 'Хорошее' }).click();
    await expect.poll(() => chart.getAttribute('aria-label'), { timeout: TIMEOUT }).toContain('Вс: 4 из 5');
    await page.getByRole('button', { name: 'Добавить заметку' }).click();
    await page.getByRole('textbox', { name: 'Заметка' }).fill('Неделя получилась ровнее, чем казалось');
    await page.getByRole('button', { name: 'Записать' }).click();
    await shown(page.getByText('Неделя получилась ровнее, чем казалось'));
    await shown(page.getByLabel('7 дней подряд'));
    expect(await page.locator('[data-testid="mood-bar"][data-mood=""]').count()).toBe(0);
    expect(
      await page
        .locator('[data-testid="mood-bar"]')
        .evaluateAll((bars) => bars.map((b) => b.getAttribute('data-mood'))),
    ).toEqual(['2', '3', '4', '1', '3', '4', '4']);

    // The next Monday: a new week, the streak still there until the day's tap.
    await liveAt(page, '2030-01-21T07:00:00+03:00');
    await shown(page.getByLabel('7 дней подряд'));
    await shown(page.getByText('Отметьте настроение выше — и здесь появится ваша неделя'));
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  }, 300_000); // nine loads of home, each checked by the accessibility gate

  it('PRO: after the check-in, «Написать в дневник» opens a full entry with that mood; saved, home shows it', async () => {
    const page = await openHome(e2e, proUser);
    await setTier(e2e.server, proUser.id, 'PRO'); // START has no diary
    await page.reload();
    await page.getByRole('radio', { name: 'Хорошее' }).click();
    await page.getByRole('button', { name: 'Написать в дневник' }).click();
    await page.waitForURL('**/app/diary/new');
    expect(await page.getByRole('radio', { name: 'Хорошее' }).getAttribute('aria-checked')).toBe('true');
    const content = page.getByPlaceholder('Что вы чувствуете?');
    await expect.poll(() => content.isEnabled(), { timeout: TIMEOUT }).toBe(true);
    await content.fill('Прогулка в парке, тепло и спокойно.');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL('**/app/diary');
    // The day's check-in shows among the entries as a mood mark.
    await shown(page.getByRole('article', { name: 'Настроение дня: Хорошее' }));
    await page.locator('nav').getByText('Главная', { exact: true }).click();
    await page.waitForURL('**/app/home');
    await shown(page.getByLabel('1 день подряд'));
    const chart = page.getByRole('img', { name: /Пн: / });
    await expect.poll(() => chart.getAttribute('aria-label'), { timeout: TIMEOUT }).toMatch(/: 4 из 5/);
    expect(await page.locator('[data-testid="mood-bar"][data-mood="4"]').count()).toBe(1);
    await page.context().close();
  });

  it('a second open today paints the home this device kept before any script file has loaded; a tap on it is kept', async () => {
    // No service worker: every script of the second open goes through the route below.
    const context = await e2e.browser.newContext({ ...PHONE_CONTEXT, serviceWorkers: 'block' });
    const first = await context.newPage();
    screenshotOnFailure(first);
    const user: TgUser = { id: 5_550_603, first_name: 'Оля', language_code: 'ru' };
    const url = launchUrl(e2e.server, { user });
    await first.goto(url);
    await first.waitForURL('**/onboarding', { timeout: 20_000 });
    await first.getByRole('button', { name: 'Пропустить' }).click();
    await first.waitForURL('**/app/home');
    await shown(first.getByText('Отметьте настроение выше — и здесь появится ваша неделя'));
    await expect
      .poll(() => first.evaluate((id) => localStorage.getItem(`home_shell:${id}`), user.id), { timeout: TIMEOUT })
      .toContain('Отметьте настроение выше');

    // Every script file of the second open waits until released: index.html's own early script paints it.
    const scripts = await holdScripts(context);
    const second = await context.newPage();
    screenshotOnFailure(second);
    await second.goto(url, { waitUntil: 'commit' }); // the load event waits for the held scripts
    await shown(second.getByText('Как вы себя чувствуете сегодня?'));
    await shown(second.getByRole('heading', { name: /^(Доброй ночи|Доброе утро|Добрый день|Добрый вечер), Оля$/ }));
    await shown(second.getByText('Отметьте настроение выше — и здесь появится ваша неделя'));
    expect(scripts.held()).toBeGreaterThan(0);
    expect(await second.locator('#root[data-kept-home]').count()).toBe(1);
    await tapIsHandedToReact(second, scripts.release);
    await context.close();
  });

  it('an open with nothing kept paints home’s first frame before any script, in the launch’s colours', async () => {
    // A returning user on a new device (onboarding done, nothing else kept), no service worker, Telegram's dark theme.
    const context = await e2e.browser.newContext({ ...PHONE_CONTEXT, serviceWorkers: 'block' });
    await context.addInitScript((key) => localStorage.setItem(key, 'true'), STORAGE_KEYS.onboardingCompleted);
    const scripts = await holdScripts(context);
    const page = await context.newPage();
    screenshotOnFailure(page);
    await armAccessibilityGate(context, page, { otherTheme: false });
    const user: TgUser = { id: 5_550_604, first_name: 'Таня', language_code: 'ru' };
    const dark = TELEGRAM_THEMES.dark;
    await page.goto(launchUrl(e2e.server, { path: '/app/home', user, themeParams: dark }), { waitUntil: 'commit' });
    await shown(page.getByRole('heading', { name: /^(Доброй ночи|Доброе утро|Добрый день|Добрый вечер), Таня$/ }));
    await shown(page.getByText('Как вы себя чувствуете сегодня?').first());
    await shown(page.getByRole('radiogroup', { name: 'Как вы себя чувствуете сегодня?' }));
    await shown(page.getByRole('link', { name: 'Дневник Записывайте чувства и мысли' }));
    await shown(page.getByText('Загружаем вашу неделю…'));
    expect(scripts.held()).toBeGreaterThan(0);
    expect(await page.locator('#root[data-kept-home]').count()).toBe(1);
    // In the launch's theme: Telegram's dark surfaces as they are (src/lib/readableTheme.ts keeps surfaces).
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      rgb(dark.secondary_bg_color),
    );
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    await expectAccessible(page); // contrast included: the colours are the readable ones already
    await tapIsHandedToReact(page, scripts.release);
    await context.close();
  });
});
