// The chat in a real Chromium against the real server and its offline assistant: from home's chat card to an
// empty chat list, 'Новый чат', a topic tile whose reply streams in while /app/chat/new becomes the chat's own
// route, a second message the assistant offers to keep in the diary, a reload that shows the history and keeps an
// unsent draft, the diary suggestion passing the diary's gate (START: its dialog; PRO: a prefilled new entry), and
// the chat deleted from the list. A crisis message gets the helplines as tel: links.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectLayoutHolds, openHome, setTier, useServerAndBrowser, type TgUser } from './harness';

const e2e = useServerAndBrowser();

const anna: TgUser = { id: 5_550_401, first_name: 'Анна', language_code: 'ru' };
const boris: TgUser = { id: 5_550_402, first_name: 'Борис', language_code: 'ru' };

const TIMEOUT = 15_000;
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });
const CHAT_ROUTE = /\/app\/chat\/[0-9a-f-]{36}$/;
const JOY = 'Сегодня у меня получилось закончить большой проект, я горжусь собой';

/** Records whether the typing indicator and a partly streamed reply were ever on screen (they come and go fast). */
async function watchStreaming(page: Page) {
  await page.evaluate(() => {
    const seen: Record<string, boolean> = {};
    (window as unknown as { chatSeen: Record<string, boolean> }).chatSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=typing-indicator]')) seen.typing = true;
      if (document.querySelector('[data-testid=chat-streaming]')) seen.streaming = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { chatSeen: Record<string, boolean> }).chatSeen);
}

const messagesOf = (page: Page, role: 'user' | 'assistant') =>
  page.locator(`[data-testid=chat-message][data-role=${role}]`);

describe('chat in Chromium', () => {
  it('a topic tile streams a reply into a new chat, the history survives a reload, a diary suggestion opens a prefilled entry', async () => {
    const page = await openHome(e2e, anna);
    // Home's chat card leads to the chat list.
    await page
      .getByRole('main')
      .getByRole('link', { name: /Чат с помощником/ })
      .click();
    await page.waitForURL('**/app/chat');
    await shown(page.getByText('Нет активных чатов'));
    await page.getByRole('link', { name: 'Новый чат' }).click();
    await page.waitForURL('**/app/chat/new');
    await shown(page.getByRole('heading', { name: 'Привет! Я ваш AI-помощник' }));
    await shown(page.getByText('Что вас беспокоит сейчас?'));
    expect(await page.getByRole('list', { name: 'Темы для разговора' }).getByRole('button').allTextContents()).toEqual([
      'Стресс и тревожность',
      'Усталость и выгорание',
      'Прокрастинация и потеря фокуса',
      'Конфликты и обиды',
      'Нехватка мотивации',
      'Неуверенность и самокритика',
      'Внутренняя тревога',
      'Поиск смысла и целей',
    ]);
    // No bottom navigation here; the composer holds at 200 % text.
    expect(await page.locator('nav').count()).toBe(0);
    await expectLayoutHolds(page, 'the chat composer');

    const seen = await watchStreaming(page);
    await page.getByRole('button', { name: 'Усталость и выгорание' }).click();
    await page.waitForURL(CHAT_ROUTE, { timeout: TIMEOUT });
    await shown(messagesOf(page, 'assistant').first());
    expect(await seen()).toEqual({ typing: true, streaming: true });
    await shown(page.getByRole('heading', { level: 1, name: 'Усталость и выгорание' }));
    expect(await messagesOf(page, 'user').first().textContent()).toContain('Усталость и выгорание');
    // Turn 1 of a tile: a practice card; each message with its hh:mm.
    await shown(page.getByTestId('practice-suggestion'));
    expect(await messagesOf(page, 'assistant').first().locator('time').textContent()).toMatch(/^\d{2}:\d{2}$/);
    const chatUrl = page.url();

    // The practice card opens the practice (a free one: «Начать»), told the chat suggested it; back returns here.
    const practiceName = (await page.getByTestId('practice-suggestion').locator('p').nth(1).textContent())!;
    await page.getByTestId('practice-suggestion').getByRole('button', { name: 'Начать' }).click();
    await page.waitForURL(/\/app\/practices\/[a-z_0-9]+$/, { timeout: TIMEOUT });
    await shown(page.getByRole('heading', { level: 1, name: practiceName }));
    await page.goBack();
    await page.waitForURL(chatUrl, { timeout: TIMEOUT });
    await shown(page.getByTestId('practice-suggestion'));

    // Telegram's keyboard shrinks the stable viewport: the composer stays inside it, above the keyboard.
    const box = page.getByRole('textbox', { name: 'Сообщение' });
    await page.evaluate(() => document.documentElement.style.setProperty('--tg-viewport-stable-height', '480px'));
    await expect
      .poll(() => box.evaluate((el) => el.closest('form')!.getBoundingClientRect().bottom))
      .toBeLessThanOrEqual(480);
    await page.evaluate(() => document.documentElement.style.removeProperty('--tg-viewport-stable-height'));

    // The mic while the box is empty (this server has no speech-to-text, and the mic says so), send once there is
    // text; Enter sends.
    await page.getByRole('button', { name: 'Записать голосовое сообщение' }).click();
    await shown(page.getByText('Голосовой ввод пока недоступен'));
    // The box grows with its lines up to 120 px, then scrolls.
    await box.fill('раз\nдва\nтри\nчетыре\nпять\nшесть\nсемь\nвосемь');
    const height = await box.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(100);
    expect(height).toBeLessThanOrEqual(120);
    await box.fill(JOY);
    await shown(page.getByRole('button', { name: 'Отправить' }));
    await box.press('Enter');
    await expect.poll(() => messagesOf(page, 'assistant').count(), { timeout: TIMEOUT }).toBe(2);
    const diaryCard = page.getByTestId('diary-suggestion');
    await shown(diaryCard.getByText('Запись в дневник'));
    await shown(diaryCard.getByText('AI предлагает сохранить этот момент'));
    expect(await box.inputValue()).toBe('');
    await expectLayoutHolds(page, 'the chat with messages');

    // A draft typed but not sent, then a reload: the history and the draft are both there.
    await box.fill('Ещё хотела сказать');
    await page.reload();
    await expect.poll(() => messagesOf(page, 'assistant').count(), { timeout: TIMEOUT }).toBe(2);
    expect(page.url()).toBe(chatUrl);
    expect(await messagesOf(page, 'user').allTextContents()).toEqual([
      expect.stringContaining('Усталость и выгорание'),
      expect.stringContaining(JOY),
    ]);
    await expect.poll(() => box.inputValue(), { timeout: TIMEOUT }).toBe('Ещё хотела сказать');

    // START has no diary: «Создать запись» opens the diary's dialog; on PRO it opens the prefilled form.
    const createEntry = page.getByTestId('diary-suggestion').getByRole('button', { name: 'Создать запись' });
    await createEntry.click();
    const refusal = page.getByRole('dialog', { name: 'Дневник недоступен' });
    await refusal.getByRole('button', { name: 'Позже' }).click();
    expect(page.url()).toBe(chatUrl);
    await setTier(e2e.server, anna.id, 'PRO');
    await page.reload();
    await createEntry.click();
    await page.waitForURL('**/app/diary/new');
    const content = page.getByPlaceholder('Что вы чувствуете?');
    await expect.poll(() => content.inputValue(), { timeout: TIMEOUT }).toBe(JOY);
    expect(await page.getByPlaceholder('Заголовок (опционально)').inputValue()).toBe('Хороший момент');
    // Saved, it returns to the conversation and confirms there.
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(chatUrl);
    await shown(page.getByText('Сохранено в дневник'));

    // The list: the chat's card with its topic and last message; deleting it after the confirmation.
    await page.goto(`${e2e.server.url}/app/chat`);
    const card = page.getByTestId('chat-card');
    await shown(card.getByRole('link', { name: 'Усталость и выгорание' }));
    await shown(card.getByText(/^\d{2}:\d{2}$/));
    await card.getByRole('button', { name: 'Удалить чат «Усталость и выгорание»' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить чат?' });
    await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
    await shown(page.getByText('Нет активных чатов'));
    await page.context().close();
  });

  it('a crisis message gets the helplines as tel: links', async () => {
    const page = await openHome(e2e, boris);
    await page.goto(`${e2e.server.url}/app/chat/new`);
    const box = page.getByRole('textbox', { name: 'Сообщение' });
    await expect.poll(() => box.isEnabled(), { timeout: TIMEOUT }).toBe(true);
    await box.fill('Я больше не хочу жить');
    await page.getByRole('button', { name: 'Отправить' }).click();
    const reply = messagesOf(page, 'assistant').first();
    await shown(reply);
    await shown(reply.getByRole('link', { name: '8-800-2000-122' }));
    expect(await reply.getByRole('link', { name: '8-800-2000-122' }).getAttribute('href')).toBe('tel:88002000122');
    expect(await reply.getByRole('link', { name: '112' }).getAttribute('href')).toBe('tel:112');
    expect(await reply.getByRole('link', { name: '+7 495 051' }).getAttribute('href')).toBe('tel:+7495051');
    await shown(page.getByRole('heading', { level: 1, name: 'Важный разговор' }));
    await page.context().close();
  });
});
