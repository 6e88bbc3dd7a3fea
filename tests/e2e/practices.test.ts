// Practices in a real Chromium against the real server, on Playwright's fake clock: box breathing from the list to
// its last exhale and pause, the rating 5 with a comment, and back on the list with the thanks — the rating stored
// on the server. Opening the session costs one request, the start call. A five-minute start that "sleeps" (the
// clock jumps, timers fire at most once) shows the true time left when it wakes. A START user meets «Продвинутая
// практика» on an advanced one, and in a session with no tab bar pauses, resumes, stops on purpose
// («Завершить практику?») and skips the rating.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { PracticeHistory } from '../../contract/practices';
import { armAccessibilityGate } from './a11y';
import {
  expectLayoutHolds,
  launchUrl,
  PHONE_CONTEXT,
  screenshotOnFailure,
  signInitData,
  useServerAndBrowser,
  type TgUser,
} from './harness';

const e2e = useServerAndBrowser();

const breather: TgUser = { id: 5_550_301, first_name: 'Вера', language_code: 'ru' };
const sleeper: TgUser = { id: 5_550_302, first_name: 'Глеб', language_code: 'ru' };
const startUser: TgUser = { id: 5_550_303, first_name: 'Дина', language_code: 'ru' };

const TIMEOUT = 15_000;
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });

/**
 * Opens the app as `user`, skips onboarding and goes to the practices tab. `fakeClock`: Playwright's clock is
 * installed before the first script, and the accessibility gate is not armed — its watcher waits on the page's
 * timers, which a paused clock holds (an axe run could hang there); the same screens are checked by the gate in
 * the real-time test below. Otherwise the page is armed as openApp arms it.
 */
async function openPractices(user: TgUser, options: { fakeClock?: boolean } = {}): Promise<Page> {
  const context = await e2e.browser.newContext(PHONE_CONTEXT);
  const page = await context.newPage();
  screenshotOnFailure(page);
  if (options.fakeClock) await page.clock.install();
  else await armAccessibilityGate(context, page, {});
  await page.goto(launchUrl(e2e.server, { user }));
  await page.waitForURL('**/onboarding', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Пропустить' }).click();
  await page.waitForURL('**/app/home');
  await page.locator('nav').getByText('Практики', { exact: true }).click();
  await page.waitForURL('**/app/practices');
  await shown(page.getByTestId('practice-card').first());
  return page;
}

const SESSION_CHUNK = /PracticeSessionScreen-[\w-]+\.js$/;

/** Opens a practice's page from the list and waits until the chunks it prefetches (not fetched before) arrive. */
async function openDetail(page: Page, name: string, chunks: RegExp[]) {
  const prefetched = Promise.all(chunks.map((chunk) => page.waitForResponse(chunk, { timeout: TIMEOUT })));
  await page.getByRole('button', { name, exact: true }).click();
  await shown(page.getByRole('heading', { level: 1, name }));
  await prefetched;
}

/** Stops the page's clock (time moves only when the test says) and returns its time. */
async function pauseClock(page: Page): Promise<number> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  return now + 1000;
}

describe('practices in Chromium', () => {
  it('box breathing to the end on the fake clock, rated 5 with a comment, back on the list', async () => {
    const page = await openPractices(breather, { fakeClock: true });
    await openDetail(page, 'Квадратное дыхание', [SESSION_CHUNK, /BreathingRunner-[\w-]+\.js$/]);
    await shown(page.getByRole('heading', { name: 'Что вы получите' }));

    // Opening the session: exactly one request, the start call.
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await page.getByRole('button', { name: 'Начать практику' }).click();
    await page.waitForURL('**/app/practices/box_breathing/session');
    await shown(page.getByText('Приготовьтесь к практике'));
    expect(requests).toEqual(['POST /api/practices/start']);

    await pauseClock(page);
    await page.getByRole('button', { name: 'Начать', exact: true }).click();
    await shown(page.getByText('Вдохните через нос'));
    await shown(page.getByText('Цикл 1 из 5'));
    // Box breathing's four phase chips and the controls fit at 390 px and at 200 % text.
    await expectLayoutHolds(page, 'box breathing running');
    expect(await page.getByTestId('phase-seconds').textContent()).toBe('4');
    await page.clock.runFor(1000);
    await expect.poll(() => page.getByTestId('phase-seconds').textContent()).toBe('3');
    await page.clock.runFor(3000);
    await shown(page.getByText('Задержите дыхание'));
    await page.clock.runFor(4000);
    await shown(page.getByText('Медленно выдохните'));
    await page.clock.runFor(8000);
    await shown(page.getByText('Цикл 2 из 5'));
    // Cycles 2–5: 4 × 16 s; one second before the end the last pause is still on.
    await page.clock.runFor(4 * 16_000 - 1000);
    await shown(page.getByText('Цикл 5 из 5'));
    expect(await page.getByTestId('phase-seconds').textContent()).toBe('1');
    await page.clock.runFor(1000);
    await shown(page.getByRole('heading', { name: 'Отлично!' }));
    await shown(page.getByText('Как вам практика?'));
    await page.clock.resume();

    expect(await page.getByRole('button', { name: 'Завершить' }).isDisabled()).toBe(true);
    await page.getByRole('radio', { name: '5 из 5' }).check();
    await shown(page.getByText('Отлично помогло!'));
    const comment = page.getByRole('textbox', { name: 'Комментарий' });
    expect(await comment.getAttribute('placeholder')).toBe('Что особенно помогло? (опционально)');
    await comment.fill('Ровный счёт помог успокоиться');
    await page.getByRole('button', { name: 'Завершить' }).click();

    await page.waitForURL('**/app/practices');
    await shown(page.getByText('Практика «Квадратное дыхание» завершена'));
    await shown(page.getByTestId('practice-card').first());

    // The server has the session, completed and rated.
    const res = await fetch(`${e2e.server.url}/api/practices/history/me`, {
      headers: { 'X-Init-Data': signInitData(breather) },
    });
    const history = (await res.json()) as PracticeHistory;
    expect(history.total).toBe(1);
    expect(history.sessions[0]).toMatchObject({
      practice_type: 'box_breathing',
      source_type: 'manual',
      rating: 5,
      feedback: 'Ровный счёт помог успокоиться',
    });
    expect(history.sessions[0]!.completed_at).not.toBeNull();
    await page.context().close();
  });

  it('five-minute start after the phone slept: the time left is the true one', async () => {
    const page = await openPractices(sleeper, { fakeClock: true });
    await openDetail(page, 'Старт за 5 минут', [SESSION_CHUNK, /FiveMinuteStartRunner-[\w-]+\.js$/]);
    await page.getByRole('button', { name: 'Начать практику' }).click();
    await shown(page.getByTestId('time-left'));
    expect(await page.getByTestId('time-left').textContent()).toBe('5:00');
    await pauseClock(page);
    await page.getByRole('button', { name: 'Начать', exact: true }).click();
    await page.clock.runFor(10_000);
    await expect.poll(() => page.getByTestId('time-left').textContent()).toBe('4:50');
    // Asleep for 2 min 20 s: no timer runs meanwhile, each due one fires once on waking.
    await page.clock.fastForward(140_000);
    await expect.poll(() => page.getByTestId('time-left').textContent()).toBe('2:30');
    await page.clock.runFor(1000);
    await expect.poll(() => page.getByTestId('time-left').textContent()).toBe('2:29');
    // Asleep past the end: at 0 the button «Завершить практику».
    await page.clock.fastForward(200_000);
    await shown(page.getByRole('button', { name: 'Завершить практику' }));
    await page.clock.resume();
    await page.getByRole('button', { name: 'Завершить практику' }).click();
    await shown(page.getByRole('heading', { name: 'Отлично!' }));
    await page.context().close();
  });

  it('a START user in real time, every state checked by the accessibility gate: the locked dialog, triangle breathing running, grounding to the rating and the thanks', async () => {
    const page = await openPractices(startUser);
    await page.getByRole('button', { name: 'Колесо баланса', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Продвинутая практика' });
    await shown(dialog.getByText('Практика «Колесо баланса» доступна на тарифах PRO и PREMIUM'));
    await dialog.getByRole('button', { name: 'Позже' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: TIMEOUT }).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/app/practices');

    // Unpaused, the clock runs with the wall clock: the accessibility gate checks each state as it shows.
    await openDetail(page, 'Треугольное дыхание', [SESSION_CHUNK, /BreathingRunner-[\w-]+\.js$/]);
    await page.getByRole('button', { name: 'Начать практику' }).click();
    await page.getByRole('button', { name: 'Начать', exact: true }).click();
    await shown(page.getByText('Вдохните через нос'));
    await shown(page.getByText('Задержите дыхание'));
    await shown(page.getByText('Цикл 1 из 6'));
    // A session hides the tab bar.
    expect(await page.locator('nav').count()).toBe(0);
    // «Пауза» holds the phase and its seconds; «Продолжить» goes on.
    await page.getByRole('button', { name: 'Пауза', exact: true }).click();
    await shown(page.getByText('Пауза. Продолжите, когда будете готовы.'));
    const held = await page.getByTestId('phase-seconds').textContent();
    const phase = await page.getByRole('heading', { level: 2 }).first().textContent();
    await page.waitForTimeout(2500);
    expect(await page.getByTestId('phase-seconds').textContent()).toBe(held);
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(phase);
    await page.getByRole('button', { name: 'Продолжить', exact: true }).click();
    await expect.poll(() => page.getByTestId('phase-seconds').textContent(), { timeout: TIMEOUT }).not.toBe(held);
    // «Завершить» asks once; confirmed, the rating; skipped, the list thanks without a rating stored.
    await page.getByRole('button', { name: 'Завершить', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Завершить практику?' });
    await shown(ask);
    await ask.getByRole('button', { name: 'Завершить', exact: true }).click();
    await shown(page.getByRole('heading', { name: 'Отлично!' }));
    await page.getByRole('button', { name: 'Пропустить', exact: true }).click();
    await page.waitForURL('**/app/practices');
    await shown(page.getByText('Практика «Треугольное дыхание» завершена'));
    const res = await fetch(`${e2e.server.url}/api/practices/history/me`, {
      headers: { 'X-Init-Data': signInitData(startUser) },
    });
    expect(((await res.json()) as PracticeHistory).sessions[0]).toMatchObject({
      practice_type: 'triangle_breathing',
      rating: null,
    });

    await openDetail(page, 'Заземление 5\u20114\u20113\u20112\u20111', [/GroundingRunner-[\w-]+\.js$/]);
    await page.getByRole('button', { name: 'Начать практику' }).click();
    await page.getByRole('button', { name: 'Начать', exact: true }).click();
    for (const count of [5, 4, 3, 2, 1]) {
      const circles = page.getByRole('list', { name: 'Отмеченное' }).getByRole('button');
      await expect.poll(() => circles.count(), { timeout: TIMEOUT }).toBe(count);
      for (let i = 0; i < count; i++) await circles.nth(i).click();
      await page.getByRole('button', { name: count === 1 ? 'Завершить' : 'Далее' }).click();
    }
    await shown(page.getByRole('heading', { name: 'Отлично!' }));
    await page.getByRole('radio', { name: '4 из 5' }).click();
    await shown(page.getByText('Хорошо помогло'));
    await page.getByRole('button', { name: 'Завершить' }).click();
    await page.waitForURL('**/app/practices');
    await shown(page.getByText('Практика «Заземление 5\u20114\u20113\u20112\u20111» завершена'));
    await page.context().close();
  });

  it('five-minute start and the body scan in real time, with their menus (accessibility gate)', async () => {
    const page = await openPractices(sleeper);
    for (const [name, chunk, running] of [
      ['Старт за 5 минут', /FiveMinuteStartRunner-[\w-]+\.js$/, page.getByText('4:59')],
      ['Сканирование тела', /BodyScanRunner-[\w-]+\.js$/, page.getByRole('heading', { name: 'Голова и лицо' })],
    ] as const) {
      await page.locator('nav').getByText('Практики', { exact: true }).click();
      await page.waitForURL('**/app/practices');
      await openDetail(page, name, name === 'Старт за 5 минут' ? [SESSION_CHUNK, chunk] : [chunk]);
      await page.getByRole('button', { name: 'Начать практику' }).click();
      await page.getByRole('button', { name: 'Начать', exact: true }).click();
      await shown(running);
      await page.getByRole('button', { name: 'Меню практики' }).click();
      await page.getByRole('button', { name: 'Завершить досрочно' }).click();
      const ask = page.getByRole('dialog', { name: 'Завершить практику?' });
      await ask.getByRole('button', { name: 'Завершить', exact: true }).click();
      await shown(page.getByRole('heading', { name: 'Отлично!' }));
      await page.getByRole('button', { name: 'Пропустить', exact: true }).click();
      await page.waitForURL('**/app/practices');
    }
    await page.context().close();
  });
});
