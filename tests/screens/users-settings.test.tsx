// The settings screen (the real route table) against mocked API calls: radio groups saved with their toasts and
// put back on failure, «Обо мне» kept on the device and saved after a pause or on leaving, the write-access
// question and the hint while the bot cannot write, «Скачать мои данные» and «Удалить все мои данные».
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingsPatch, SettingsReply } from '../../contract/settings';
import { getTrialStatus } from '../../src/api/billing';
import { createExportLink, eraseMyData } from '../../src/api/privacy';
import { getSettings, putBotAccess, updateSettings } from '../../src/api/settings';
import { toast } from '../../src/ui/toast';
import { openDownload } from '../../src/telegram/links';
import { restartApp } from '../../src/screens/users/deviceData';
import { settings } from '../machines/users-fixtures';
import { deferred } from './diary-helpers';
import { currentPath, renderApp, signedIn } from './render-app';

// Only the trial check (the profile, after «Назад»); the rest of billing as it was when it lived apart from it.
vi.mock('../../src/api/billing', async (actual) => ({
  ...(await actual<typeof import('../../src/api/billing')>()),
  getTrialStatus: vi.fn(),
}));
vi.mock('../../src/api/privacy');
vi.mock('../../src/api/settings');
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));
vi.mock('../../src/telegram/links', () => ({ openDownload: vi.fn(), openExternal: vi.fn() }));
// Telegram's question is the client's (src/telegram/writeAccess.ts); here it is answered «allowed» unless told.
const asked = vi.hoisted(() => vi.fn(async (): Promise<'allowed' | 'denied' | 'unavailable'> => 'allowed'));
vi.mock('../../src/telegram/writeAccess', async () => {
  const { fromPromise } = await import('xstate');
  return { writeAccessActors: { requestWriteAccess: fromPromise(() => asked()) } };
});
vi.mock('../../src/screens/users/deviceData', async (original) => ({
  ...(await original<typeof import('../../src/screens/users/deviceData')>()),
  restartApp: vi.fn(),
}));

const TELEGRAM_ID = 42;
const update = vi.mocked(updateSettings);
const saved = { title: 'Настройки сохранены', variant: 'success' } as const;
/** The flow's saves can be called off (src/api/settings.actors.ts); the flush on leaving outlives the screen. */
const aborts = expect.any(AbortSignal);

/** The server's word on whether the bot can write to the user: what it was last told. */
let botCanWrite = false;

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  botCanWrite = false;
  vi.mocked(getSettings).mockImplementation(async () => settings({ bot_can_write: botCanWrite }));
  vi.mocked(getTrialStatus).mockResolvedValue({ available: false, days: 7 }); // the profile, after «Назад»
  update.mockImplementation(
    async (patch: SettingsPatch) => ({ ...settings(), ...patch, bot_can_write: botCanWrite }) as SettingsReply,
  );
  vi.mocked(putBotAccess).mockImplementation(async ({ allowed }) => {
    botCanWrite = allowed;
  });
});

const open = () =>
  renderApp(
    '/app/profile/settings',
    signedIn({ first_name: 'Анна', telegram_id: TELEGRAM_ID }, { onboardingCompleted: true }),
  );

describe('settings', () => {
  it('style: a radio group with descriptions; a choice is saved with «Обновлено: стиль общения»', async () => {
    open();
    const group = await screen.findByRole('radiogroup', { name: 'Стиль общения' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((o) => o.textContent)).toEqual([
      'МягкийЭмпатичный и поддерживающий',
      'ПрямойЧёткий и конкретный',
      'С юморомЛёгкий и позитивный',
    ]);
    expect(options[0]).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(options[1]!);
    expect(options[1]).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ ...saved, description: 'Обновлено: стиль общения' }));
    expect(update).toHaveBeenCalledWith({ communication_style: 'direct' }, aborts);
    // Arrow keys move and choose, as in every radio group.
    options[1]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(update).toHaveBeenLastCalledWith({ communication_style: 'humorous' }, aborts));
  });

  it('address: «На «вы»» or «На «ты»»; a choice is saved with «Обновлено: обращение», a failure puts it back', async () => {
    open();
    const group = await screen.findByRole('radiogroup', { name: 'Обращение' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((o) => o.textContent)).toEqual(['На «вы»Вежливо и спокойно', 'На «ты»По-дружески']);
    expect(options[0]).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(options[1]!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ ...saved, description: 'Обновлено: обращение' }));
    expect(update).toHaveBeenCalledWith({ address_form: 'ty' }, aborts);
    expect(options[1]).toHaveAttribute('aria-checked', 'true');
    update.mockRejectedValueOnce(new Error('offline'));
    await userEvent.click(options[0]!);
    await waitFor(() => expect(options[1]).toHaveAttribute('aria-checked', 'true'));
    expect(toast).toHaveBeenLastCalledWith({
      title: 'Ошибка',
      description: 'Не удалось сохранить настройки',
      variant: 'destructive',
    });
  });

  it('reminders: off says «Напоминания отключены»; a time says «Время напоминаний обновлено» and asks Telegram', async () => {
    open();
    const group = await screen.findByRole('radiogroup', { name: 'Напоминания' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((o) => o.textContent),
    ).toEqual(['9:00', '14:00', '20:00', 'Выключены']);
    await userEvent.click(within(group).getByRole('radio', { name: 'Выключены' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ ...saved, description: 'Напоминания отключены' }));
    expect(asked).not.toHaveBeenCalled();
    await userEvent.click(within(group).getByRole('radio', { name: '9:00' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ ...saved, description: 'Время напоминаний обновлено' }));
    expect(update).toHaveBeenLastCalledWith({ reminder_time: 'morning' }, aborts);
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    // Allowed now: another time does not ask again.
    await userEvent.click(within(group).getByRole('radio', { name: '14:00' }));
    await waitFor(() => expect(update).toHaveBeenLastCalledWith({ reminder_time: 'afternoon' }, aborts));
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('the bot cannot write: a calm hint under «Напоминания», whose button asks Telegram again', async () => {
    asked.mockResolvedValueOnce('denied');
    open();
    const group = await screen.findByRole('radiogroup', { name: 'Напоминания' });
    const hint = 'Бот пока не может вам написать. Разрешите сообщения от бота — и напоминания начнут приходить.';
    // Evening by default, but nothing allowed yet (or the bot was stopped): said at once.
    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(screen.getByText('Если вы остановили бота, откройте его чат и нажмите «Перезапустить».')).toBeVisible();
    await userEvent.click(within(group).getByRole('radio', { name: '9:00' }));
    await waitFor(() => expect(putBotAccess).toHaveBeenCalledWith({ allowed: false }));
    expect(await screen.findByText(hint)).toBeInTheDocument(); // denied: the time is saved, and it cannot arrive
    await userEvent.click(screen.getByRole('button', { name: 'Разрешить сообщения' }));
    await waitFor(() => expect(putBotAccess).toHaveBeenLastCalledWith({ allowed: true }));
    await waitFor(() => expect(screen.queryByText(hint)).not.toBeInTheDocument());
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['the bot can write', { bot_can_write: true }],
    ['reminders are off', { reminder_time: 'disabled' as const }],
  ])('no hint when %s', async (_, over) => {
    vi.mocked(getSettings).mockResolvedValue(settings(over));
    open();
    await screen.findByRole('radiogroup', { name: 'Напоминания' });
    expect(screen.queryByText(/Бот пока не может вам написать/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Разрешить сообщения' })).not.toBeInTheDocument();
  });

  it('a failed save says «Ошибка» / «Не удалось сохранить настройки» and puts the previous value back', async () => {
    const answer = deferred<SettingsReply>();
    update.mockReturnValueOnce(answer.promise);
    open();
    const group = await screen.findByRole('radiogroup', { name: 'Стиль общения' });
    await userEvent.click(within(group).getByRole('radio', { name: /С юмором/ }));
    expect(within(group).getByRole('radio', { name: /С юмором/ })).toHaveAttribute('aria-checked', 'true');
    expect(group).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer.reject(new Error('503')));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ошибка',
        description: 'Не удалось сохранить настройки',
        variant: 'destructive',
      }),
    );
    expect(within(group).getByRole('radio', { name: /Мягкий/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('«Обо мне»: a live N/500 counter, each keystroke kept on the device, saved after a pause with its toast', async () => {
    open();
    const field = await screen.findByRole('textbox', { name: 'Обо мне' });
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await userEvent.type(field, 'Учитель');
    expect(screen.getByText('7/500')).toBeInTheDocument();
    expect(localStorage.getItem(`about_draft:${TELEGRAM_ID}`)).toBe('Учитель');
    expect(update).not.toHaveBeenCalled();
    await waitFor(() => expect(update).toHaveBeenCalledWith({ personal_context: 'Учитель' }, aborts), {
      timeout: 3000,
    });
    expect(update).toHaveBeenCalledTimes(1); // one save for the whole word
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ ...saved, description: 'Информация обновлена' }));
    expect(localStorage.getItem(`about_draft:${TELEGRAM_ID}`)).toBeNull(); // the server has it
  });

  it('leaving before the pause still saves what was typed; the draft goes once the server has it', async () => {
    open();
    const field = await screen.findByRole('textbox', { name: 'Обо мне' });
    await userEvent.type(field, 'Двое детей');
    await userEvent.click(screen.getByRole('button', { name: /Назад/ }));
    await waitFor(() => expect(currentPath()).toBe('/app/profile'));
    // On a busy machine a pause can pass between keystrokes and save a part first: the last save has it all.
    expect(update.mock.lastCall?.[0]).toEqual({ personal_context: 'Двое детей' });
    await waitFor(() => expect(localStorage.getItem(`about_draft:${TELEGRAM_ID}`)).toBeNull());
  });

  it('a draft left on the device by an earlier visit comes back and is saved', async () => {
    localStorage.setItem(`about_draft:${TELEGRAM_ID}`, 'Написала и закрыла приложение');
    open();
    expect(await screen.findByRole('textbox', { name: 'Обо мне' })).toHaveValue('Написала и закрыла приложение');
    await waitFor(
      () => expect(update).toHaveBeenCalledWith({ personal_context: 'Написала и закрыла приложение' }, aborts),
      {
        timeout: 3000,
      },
    );
  });

  it('a failed «Обо мне» save keeps the text and its draft, and says so under the field', async () => {
    update.mockRejectedValue(new Error('503'));
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Обо мне' }), 'Текст');
    expect(await screen.findByText('Не удалось обновить настройки', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Обо мне' })).toHaveValue('Текст');
    expect(localStorage.getItem(`about_draft:${TELEGRAM_ID}`)).toBe('Текст');
  });

  it('load failure: «Не удалось загрузить настройки» with a retry', async () => {
    vi.mocked(getSettings).mockRejectedValueOnce(new Error('offline'));
    open();
    expect(await screen.findByText('Не удалось загрузить настройки')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByRole('radiogroup', { name: 'Стиль общения' })).toBeInTheDocument();
  });
});

describe('my data', () => {
  it('«Скачать мои данные» makes a link, then «Скачать файл» opens it with a tap of its own', async () => {
    vi.mocked(createExportLink).mockResolvedValue({
      path: '/api/export/7.1999999999.abc',
      expires_at: '2030-01-01T00:00:00Z',
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Скачать мои данные' }));
    expect(await screen.findByText('Файл готов')).toBeInTheDocument();
    expect(openDownload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Скачать файл' }));
    expect(openDownload).toHaveBeenCalledWith({
      url: `${window.location.origin}/api/export/7.1999999999.abc`,
      fileName: expect.stringMatching(/^my-data-\d{4}-\d{2}-\d{2}\.json$/),
    });
  });

  it(
    'erasing waits for the typed word; then every row goes, the device forgets, a goodbye, the app restarts',
    { timeout: 20_000 },
    async () => {
      localStorage.setItem(`diary_drafts:${TELEGRAM_ID}`, '[]');
      localStorage.setItem(`diary_edits:${TELEGRAM_ID}`, '[{"id":"e1","title":"","content":"правка","mood":null}]');
      localStorage.setItem(`chat_drafts:${TELEGRAM_ID}`, '[]');
      localStorage.setItem(`home_summary:${TELEGRAM_ID}`, '{"today":"2030-01-16"}');
      localStorage.setItem('onboarding_completed', 'true');
      localStorage.setItem('tg_init_data', 'init');
      vi.mocked(eraseMyData).mockResolvedValue();
      open();
      await userEvent.click(await screen.findByRole('button', { name: 'Удалить все мои данные' }));
      const sheet = await screen.findByRole('dialog', { name: 'Удалить все данные?' });
      expect(sheet).toHaveTextContent('Оплаченная подписка закончится без возврата денег');
      const confirm = within(sheet).getByRole('button', { name: 'Удалить навсегда' });
      expect(confirm).toBeDisabled();
      await userEvent.type(within(sheet).getByRole('textbox', { name: /введите слово УДАЛИТЬ/ }), 'удалить');
      expect(confirm).toBeEnabled();
      await userEvent.click(confirm);
      // A short goodbye first, then the app starts again from its first screen.
      expect(await screen.findByRole('heading', { name: 'Ваши данные удалены' })).toBeInTheDocument();
      expect(screen.getByText(/^Спасибо, что были здесь\./).closest('[role="status"]')).not.toBeNull(); // announced
      expect(restartApp).not.toHaveBeenCalled();
      await waitFor(() => expect(restartApp).toHaveBeenCalled(), { timeout: 6_000 });
      expect(eraseMyData).toHaveBeenCalledTimes(1);
      const kept = [
        `diary_drafts:${TELEGRAM_ID}`,
        `diary_edits:${TELEGRAM_ID}`,
        `chat_drafts:${TELEGRAM_ID}`,
        `home_summary:${TELEGRAM_ID}`,
      ];
      for (const key of [...kept, 'onboarding_completed']) expect(localStorage.getItem(key), key).toBeNull();
      expect(localStorage.getItem('tg_init_data')).toBe('init'); // the next sign-in needs it
    },
  );

  /** Opens the erase sheet, types the word and confirms. */
  const confirmErase = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Удалить все мои данные' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.type(within(sheet).getByRole('textbox'), 'УДАЛИТЬ');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Удалить навсегда' }));
  };

  it(
    '«Обо мне» waiting for its pause is never sent once the erase starts, nor after it',
    { timeout: 20_000 },
    async () => {
      const erased = deferred<void>();
      vi.mocked(eraseMyData).mockReturnValue(erased.promise);
      open();
      await userEvent.type(await screen.findByRole('textbox', { name: 'Обо мне' }), 'Секрет');
      // Confirmed in one synchronous go, well inside the 1 s pause however loaded the machine is.
      fireEvent.click(screen.getByRole('button', { name: 'Удалить все мои данные' }));
      const sheet = screen.getByRole('dialog');
      fireEvent.change(within(sheet).getByRole('textbox'), { target: { value: 'УДАЛИТЬ' } });
      fireEvent.click(within(sheet).getByRole('button', { name: 'Удалить навсегда' }));
      expect(eraseMyData).toHaveBeenCalledTimes(1);
      expect(update).not.toHaveBeenCalled();
      await new Promise((r) => setTimeout(r, 1500)); // past the pause
      await act(async () => erased.resolve());
      await waitFor(() => expect(restartApp).toHaveBeenCalled(), { timeout: 6_000 });
      expect(update).not.toHaveBeenCalled();
      expect(localStorage.getItem(`about_draft:${TELEGRAM_ID}`)).toBeNull();
    },
  );

  it('a «Обо мне» save in flight is aborted before the erase is called', { timeout: 20_000 }, async () => {
    update.mockImplementation(() => new Promise(() => {}));
    vi.mocked(eraseMyData).mockImplementation(async () => {
      // By the time DELETE goes, the save's request has been called off.
      expect((update.mock.calls[0]![1] as AbortSignal).aborted).toBe(true);
    });
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Обо мне' }), 'Секрет');
    await waitFor(() => expect(update).toHaveBeenCalledWith({ personal_context: 'Секрет' }, aborts), {
      timeout: 3000,
    });
    await confirmErase();
    await waitFor(() => expect(restartApp).toHaveBeenCalled(), { timeout: 6_000 });
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('a failed erase keeps the sheet open and says so', async () => {
    vi.mocked(eraseMyData).mockRejectedValue(new Error('503'));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить все мои данные' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.type(within(sheet).getByRole('textbox'), 'УДАЛИТЬ');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Удалить навсегда' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ошибка',
        description: 'Не удалось удалить данные, попробуйте ещё раз',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(restartApp).not.toHaveBeenCalled();
  });
});
