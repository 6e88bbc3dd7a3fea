// The chat screen against mocked API calls: the empty chat's tiles, a streamed reply into a new chat whose route
// becomes the chat's own, Enter and Shift+Enter, 402 and other failures (nothing typed is lost),
// the history with its suggestion cards and phone links, older pages, the limit banner and the device draft; after a
// crisis, «Помощь рядом» in the header, the safety plan's card, and nothing that upsells.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPLY_RECHECK_MS } from '../../machines/chat/chat-session.machine';
import { ChatLimitError, ChatUnavailableError, listChatMessages, openChat, sendChatMessage } from '../../src/api/chat';
import { getUsage } from '../../src/api/usage';
import { chatDraftStorageKey } from '../../src/screens/chat/chatDraftStorage';
import { toast } from '../../src/ui/toast';
import { CHAT_USER, chat, message, messages, renderChat, scriptedSends } from './chat-helpers';
import { usage } from '../machines/chat-fixtures';
import { installIntersectionObserver } from './diary-helpers';
import { currentPath, currentState } from './render-app';

vi.mock('../../src/api/chat', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chat')>()),
  openChat: vi.fn(),
  listChatMessages: vi.fn(),
  sendChatMessage: vi.fn(),
}));
vi.mock('../../src/api/usage', () => ({ getUsage: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CREATED = chat(9, { topic: 'Усталость и выгорание' });
const box = () => screen.getByRole('textbox', { name: 'Сообщение' });
const bubbles = (role: 'user' | 'assistant') =>
  screen.queryAllByTestId('chat-message').filter((m) => m.getAttribute('data-role') === role);

/** Opens the chat at `path` and waits until the composer accepts text. */
async function openChatScreen(path: string) {
  const view = await renderChat(path);
  await waitFor(() => expect(box()).toBeEnabled());
  return view;
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  vi.mocked(getUsage).mockResolvedValue(usage(20_000, 100));
});
afterEach(() => vi.restoreAllMocks());

describe('a new chat', () => {
  it('greets with the eight topic tiles; a tile sends its text, the reply streams in, the route becomes the chat’s', async () => {
    const sends = scriptedSends();
    await openChatScreen('/app/chat/new');
    expect(screen.getByRole('heading', { level: 1, name: 'Новый чат' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Привет! Я ваш AI-помощник' })).toBeInTheDocument();
    expect(screen.getByText('Что вас беспокоит сейчас?')).toBeInTheDocument();
    const tiles = within(screen.getByRole('list', { name: 'Темы для разговора' })).getAllByRole('button');
    expect(tiles.map((t) => t.textContent)).toEqual([
      'Стресс и тревожность',
      'Усталость и выгорание',
      'Прокрастинация и потеря фокуса',
      'Конфликты и обиды',
      'Нехватка мотивации',
      'Неуверенность и самокритика',
      'Внутренняя тревога',
      'Поиск смысла и целей',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Усталость и выгорание' }));
    expect(sends.calls).toEqual([
      { chatId: null, content: 'Усталость и выгорание', clientId: expect.stringMatching(UUID) },
    ]);
    // The optimistic message and the typing indicator, announced once.
    expect(bubbles('user')).toHaveLength(1);
    expect(screen.getByTestId('typing-indicator')).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Сообщения' })).toHaveAttribute('aria-live', 'off');
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'ИИ-помощник печатает…')).toBe(true);

    const stored = message(1, { chat_id: CREATED.id, content: 'Усталость и выгорание' });
    sends.emit({ event: 'chat', data: CREATED }, { event: 'user_message', data: stored });
    await waitFor(() => expect(currentPath()).toBe(`/app/chat/${CREATED.id}`));
    expect(screen.getByRole('heading', { level: 1, name: 'Усталость и выгорание' })).toBeInTheDocument();
    sends.emit({ event: 'delta', data: { text: 'Похоже, вы очень ' } }, { event: 'delta', data: { text: 'устали.' } });
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    expect(screen.getByTestId('chat-streaming')).toHaveTextContent('Похоже, вы очень устали.');
    expect(screen.getByTestId('chat-streaming')).toHaveAttribute('aria-hidden', 'true');

    const reply = message(2, {
      chat_id: CREATED.id,
      content: 'Похоже, вы очень устали.',
      usage_info: usage(20_000, 700),
    });
    sends.emit({ event: 'done', data: { chat: CREATED, message: reply } });
    await sends.finish();
    expect(screen.queryByTestId('chat-streaming')).toBeNull();
    expect(bubbles('assistant')).toHaveLength(1);
    expect(bubbles('assistant')[0]).toHaveTextContent('Похоже, вы очень устали.');
    expect(
      screen.getAllByRole('status').some((s) => s.textContent === 'Ответ ИИ-помощника: Похоже, вы очень устали.'),
    ).toBe(true);
    // The same session went on (the route changed under it): one send, no reload of the chat.
    expect(openChat).not.toHaveBeenCalled();
  });

  it('Enter sends, Shift+Enter starts a new line, blank text is ignored; the mic shows while the box is empty', async () => {
    const sends = scriptedSends();
    await openChatScreen('/app/chat/new');
    expect(screen.getByRole('button', { name: 'Записать голосовое сообщение' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить' })).toBeNull();
    await userEvent.type(box(), '   {Enter}');
    expect(sends.calls).toEqual([]);
    await userEvent.clear(box());
    await userEvent.type(box(), 'Первая строка{Shift>}{Enter}{/Shift}вторая');
    expect(box()).toHaveValue('Первая строка\nвторая');
    expect(screen.queryByRole('button', { name: 'Записать голосовое сообщение' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Отправить' })).toBeInTheDocument();
    await userEvent.type(box(), '{Enter}');
    expect(sends.calls.map((c) => c.content)).toEqual(['Первая строка\nвторая']);
    expect(box()).toHaveValue('');
    // A running send: another Enter does nothing.
    await userEvent.type(box(), 'ещё{Enter}');
    expect(sends.calls).toHaveLength(1);
    expect(box()).toHaveValue('ещё');
  });

  it('402: the server’s words, the upgrade dialog, the calm banner, and the text back in the box', async () => {
    const sends = scriptedSends();
    await openChatScreen('/app/chat/new');
    await userEvent.type(box(), 'Помоги мне{Enter}');
    await sends.fail(new ChatLimitError('Лимит токенов исчерпан'));
    expect(toast).toHaveBeenCalledWith({
      title: 'Внимание',
      description: 'Лимит токенов исчерпан',
      variant: 'warning',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Лимит сообщений исчерпан' });
    expect(within(dialog).getByText('Улучшите тариф для продолжения общения с AI.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позже' }));
    expect(box()).toHaveValue('Помоги мне');
    expect(bubbles('user')).toHaveLength(0);
    const banner = screen.getByTestId('limit-banner');
    expect(banner).toHaveTextContent('Лимит на сегодня исчерпанОбновится в 00:00'); // when it renews: local midnight
    await userEvent.click(within(banner).getByRole('button', { name: 'Улучшить тариф' }));
    await waitFor(() => expect(currentPath()).toBe('/app/profile/subscription'));
  });

  it('another failure keeps the message with «Отправить ещё раз», which resends it with the same client id', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sends = scriptedSends();
    await openChatScreen('/app/chat/new');
    await userEvent.type(box(), 'Тяжело{Enter}');
    await sends.fail(new TypeError('Failed to fetch'));
    expect(logged).toHaveBeenCalledWith('chat: send failed', expect.any(TypeError));
    expect(toast).not.toHaveBeenCalled();
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    const failed = bubbles('user')[0]!;
    expect(failed).toHaveTextContent('Тяжело');
    expect(within(failed).getByText('Сообщение не отправлено')).toBeInTheDocument();
    // Sending something else waits for it: the button says why.
    await userEvent.type(box(), 'другое');
    expect(screen.getByRole('button', { name: 'Отправить' })).toHaveAccessibleDescription(
      'Сначала отправьте ещё раз неотправленное сообщение или измените его',
    );
    await userEvent.click(within(failed).getByRole('button', { name: 'Отправить ещё раз' }));
    expect(sends.calls).toHaveLength(2);
    expect(sends.calls[1]).toEqual(sends.calls[0]);
  });

  it('a risk message that could not be sent shows the crisis lines beside it; an everyday one does not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sends = scriptedSends();
    await openChatScreen('/app/chat/new');
    await userEvent.type(box(), 'Тяжело{Enter}');
    await sends.fail(new TypeError('Failed to fetch'));
    expect(screen.queryByRole('heading', { name: 'Вы не одни' })).not.toBeInTheDocument();
    await userEvent.click(within(bubbles('user')[0]!).getByRole('button', { name: 'Изменить' }));

    await userEvent.clear(box());
    await userEvent.type(box(), 'хочу умереть{Enter}');
    await sends.fail(new TypeError('Failed to fetch'));
    expect(within(bubbles('user')[0]!).getByText('Сообщение не отправлено')).toBeInTheDocument();
    const help = (await screen.findByRole('heading', { name: 'Вы не одни' })).closest('section')!;
    expect(help.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(within(help).getByRole('link', { name: '8-800-2000-122' })).toHaveAttribute('href', 'tel:88002000122');
    expect(within(help).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    // Resending: the server's own crisis reply is on its way, the card steps aside.
    await userEvent.click(within(bubbles('user')[0]!).getByRole('button', { name: 'Отправить ещё раз' }));
    expect(screen.queryByRole('heading', { name: 'Вы не одни' })).not.toBeInTheDocument();
  });

  it('«Изменить» puts a message that never reached the server back in the box', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sends = scriptedSends();
    await openChatScreen('/app/chat/new');
    await userEvent.type(box(), 'Черновик мысли{Enter}');
    await sends.fail(new TypeError('Failed to fetch'));
    await userEvent.click(within(bubbles('user')[0]!).getByRole('button', { name: 'Изменить' }));
    expect(box()).toHaveValue('Черновик мысли');
    expect(bubbles('user')).toHaveLength(0);
  });

  it('a 503 shows the server’s words under the stored message', async () => {
    const sends = scriptedSends();
    await openChatScreen('/app/chat/new');
    await userEvent.type(box(), 'Привет{Enter}');
    sends.emit({ event: 'chat', data: CREATED }, { event: 'user_message', data: message(1, { content: 'Привет' }) });
    const detail =
      'Ассистент сейчас недоступен. Ваше сообщение сохранено — попробуйте отправить его ещё раз чуть позже.';
    await sends.fail(new ChatUnavailableError({ detail, chat_id: CREATED.id, user_message_id: message(1).id }));
    const failed = bubbles('user')[0]!;
    expect(within(failed).getByText(detail)).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Не отправлять' })).toBeInTheDocument();
    await userEvent.click(within(failed).getByRole('button', { name: 'Отправить ещё раз' }));
    expect(sends.calls[1]).toEqual({ ...sends.calls[0], chatId: CREATED.id });
  });

  it('an unsent draft survives closing the app, per user and per chat', async () => {
    const first = await openChatScreen('/app/chat/new');
    await userEvent.type(box(), 'Не успела дописать');
    expect(JSON.parse(localStorage.getItem(chatDraftStorageKey(CHAT_USER.telegram_id))!)).toEqual([
      { key: 'new', text: 'Не успела дописать', unsent: null },
    ]);
    first.unmount();
    await openChatScreen('/app/chat/new');
    expect(box()).toHaveValue('Не успела дописать');
  });
});

describe('an existing chat', () => {
  const id = chat(1).id;
  const history = [
    message(1, { content: 'Мне плохо' }),
    message(2, {
      content: 'Позвоните 8-800-2000-122 или 112. Попробуйте практику.',
      message_metadata: {
        type: 'practice_suggestion',
        practice_type: 'box_breathing',
        practice_name: 'Квадратное дыхание',
        practice_description: 'Вдох, пауза, выдох, пауза — по 4 счёта.',
        category: 'breathing',
        duration_minutes: 5,
        is_advanced: false,
        has_access: true,
      },
    }),
    message(3, { content: 'Спасибо' }),
    message(4, {
      content: 'Сохранить это?',
      message_metadata: {
        type: 'diary_suggestion',
        suggested_title: 'Что я чувствую',
        suggested_content: 'Мне было плохо, и я позвонила.',
      },
    }),
    message(5, { content: 'А эта практика?' }),
    message(6, {
      content: 'Смена цели — для PRO.',
      message_metadata: {
        type: 'practice_suggestion',
        practice_type: 'goal_shift',
        practice_name: 'Смена цели',
        practice_description: 'Переформулировать цель.',
        category: 'productivity',
        duration_minutes: 10,
        is_advanced: true,
        has_access: false,
      },
    }),
  ];

  it('reopened while the reply is still being written: «Ответ ещё пишется…», then the reply — no resend', async () => {
    const clientId = '44444444-4444-4444-8444-444444444444';
    localStorage.setItem(
      chatDraftStorageKey(CHAT_USER.telegram_id),
      JSON.stringify([{ key: id, text: '', unsent: { content: 'Мне тревожно', clientId } }]),
    );
    // The app was closed mid-reply a moment ago: the server stored the message and is still writing its reply.
    const sent = message(1, { content: 'Мне тревожно', created_at: new Date().toISOString() });
    const reply = message(2, { content: 'Я рядом. Что тревожит сильнее всего?' });
    vi.mocked(openChat)
      .mockResolvedValueOnce({ chat: chat(1), messages: [sent], total: 1 })
      .mockResolvedValueOnce({ chat: chat(1), messages: [sent, reply], total: 2 });
    // Timers faked before the chat opens (the look again is scheduled then), still running with real time for
    // Testing Library's waits; advanced by hand to the look.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await openChatScreen(`/app/chat/${id}`);
      expect(screen.getByText('Ответ ещё пишется…', { selector: 'p' })).toBeInTheDocument();
      expect(screen.getByTestId('typing-indicator')).toBeInTheDocument();
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'Ответ ещё пишется…')).toBe(true);
      expect(screen.queryByText('Сообщение не отправлено')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Отправить ещё раз' })).toBeNull();
      expect(openChat).toHaveBeenCalledTimes(1);

      await act(() => vi.advanceTimersByTimeAsync(REPLY_RECHECK_MS));
      await waitFor(() => expect(bubbles('assistant')).toHaveLength(1));
    } finally {
      vi.useRealTimers();
    }
    expect(openChat).toHaveBeenCalledTimes(2);
    expect(bubbles('assistant')[0]).toHaveTextContent('Я рядом. Что тревожит сильнее всего?');
    expect(screen.queryByText('Ответ ещё пишется…')).toBeNull();
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent === 'Ответ ИИ-помощника: Я рядом. Что тревожит сильнее всего?'),
    ).toBe(true);
    expect(sendChatMessage).not.toHaveBeenCalled(); // no second model call
    expect(localStorage.getItem(chatDraftStorageKey(CHAT_USER.telegram_id))).toBeNull(); // answered: no draft left
  });

  it('shows the history with times, phone links, and the suggestion cards that lead on', async () => {
    vi.mocked(openChat).mockResolvedValue({ chat: chat(1), messages: history, total: 6 });
    await openChatScreen(`/app/chat/${id}`);
    expect(openChat).toHaveBeenCalledWith(id, 30);
    expect(screen.getByRole('heading', { level: 1, name: 'Разговор 1' })).toBeInTheDocument();
    expect(bubbles('user')).toHaveLength(3);
    expect(within(bubbles('user')[0]!).getByText(/^\d{2}:\d{2}$/)).toBeInTheDocument();
    const crisis = bubbles('assistant')[0]!;
    expect(within(crisis).getByRole('link', { name: '8-800-2000-122' })).toHaveAttribute('href', 'tel:88002000122');
    expect(within(crisis).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');

    const practices = screen.getAllByTestId('practice-suggestion');
    expect(within(practices[0]!).getByText('Квадратное дыхание')).toBeInTheDocument();
    expect(within(practices[0]!).getByText('Практика · 5 мин')).toBeInTheDocument();
    expect(within(practices[1]!).getByText('PRO')).toBeInTheDocument();
    await userEvent.click(within(practices[0]!).getByRole('button', { name: 'Начать' }));
    await waitFor(() => expect(currentPath()).toBe('/app/practices/box_breathing'));
    expect(currentState()).toEqual({ sourceType: 'ai_suggestion', sourceId: id });
  });

  it('a practice without access leads to the plans; a diary suggestion to a prefilled entry, past the diary gate', async () => {
    vi.mocked(openChat).mockResolvedValue({ chat: chat(1), messages: history, total: 6 });
    let view = await openChatScreen(`/app/chat/${id}`);
    await userEvent.click(
      within(screen.getAllByTestId('practice-suggestion')[1]!).getByRole('button', { name: 'Улучшить тариф' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/app/profile/subscription'));
    view.unmount();

    // START has no diary: the diary's dialog, as at «Новая запись», not a form that could never be saved.
    view = await openChatScreen(`/app/chat/${id}`);
    let diary = screen.getByTestId('diary-suggestion');
    expect(within(diary).getByText('Запись в дневник')).toBeInTheDocument();
    expect(within(diary).getByText('AI предлагает сохранить этот момент')).toBeInTheDocument();
    await userEvent.click(within(diary).getByRole('button', { name: 'Создать запись' }));
    const dialog = await screen.findByRole('dialog', { name: 'Дневник недоступен' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позже' }));
    expect(currentPath()).toBe(`/app/chat/${id}`);
    view.unmount();

    vi.mocked(getUsage).mockResolvedValue({ ...usage(150_000, 100), tier: 'PRO', diary_entries_limit: 10 });
    await openChatScreen(`/app/chat/${id}`);
    diary = screen.getByTestId('diary-suggestion');
    await userEvent.click(within(diary).getByRole('button', { name: 'Создать запись' }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary/new'));
    expect(currentState()).toEqual({
      suggestedContent: 'Мне было плохо, и я позвонила.',
      suggestedTitle: 'Что я чувствую',
      sourceType: 'ai_suggestion',
      sourceId: id,
    });
  });

  it('older messages load 100 px before the top, by offset from the oldest', async () => {
    const io = installIntersectionObserver();
    vi.mocked(openChat).mockResolvedValue({ chat: chat(1), messages: messages(46, 75), total: 75 });
    vi.mocked(listChatMessages).mockResolvedValue({ messages: messages(16, 45), total: 75 });
    await openChatScreen(`/app/chat/${id}`);
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(30);
    expect(io.options()).toContainEqual(expect.objectContaining({ rootMargin: '100px 0px 0px 0px' }));
    io.intersectAll();
    await waitFor(() => expect(screen.queryAllByTestId('chat-message')).toHaveLength(60));
    expect(listChatMessages).toHaveBeenCalledWith(id, { skip: 15, limit: 30 });
    expect(screen.queryAllByTestId('chat-message')[0]).toHaveTextContent('Сообщение 16');
  });

  it('the orange banner at 10 % or less of the day’s tokens; none above', async () => {
    vi.mocked(getUsage).mockResolvedValue(usage(20_000, 18_500));
    vi.mocked(openChat).mockResolvedValue({ chat: chat(1), messages: history, total: 6 });
    await openChatScreen(`/app/chat/${id}`);
    await waitFor(() =>
      expect(screen.getByTestId('limit-banner')).toHaveTextContent('Лимит сообщений на сегодня почти исчерпан'),
    );
    expect(screen.getByTestId('limit-banner')).toHaveAttribute('data-kind', 'low');
    expect(within(screen.getByTestId('limit-banner')).queryByRole('button')).toBeNull();
  });

  it('a chat that is gone says so; a failed load offers to try again; back goes to the list', async () => {
    vi.mocked(openChat).mockResolvedValueOnce(null);
    const gone = await renderChat(`/app/chat/${id}`);
    await screen.findByText('Чат не найден');
    gone.unmount();

    vi.mocked(openChat)
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue({ chat: chat(1), messages: history, total: 6 });
    await renderChat(`/app/chat/${id}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить сообщения')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Попробовать снова' }));
    await waitFor(() => expect(bubbles('user')).toHaveLength(3));
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: /К чатам/ }));
    });
    await waitFor(() => expect(currentPath()).toBe('/app/chat'));
  });
});

describe('after a crisis', () => {
  const id = chat(1).id;
  const hour = 3_600_000;
  const windowOpen = () => ({ ...usage(20_000, 20_000), help_nearby_until: new Date(Date.now() + hour).toISOString() });
  const crisisHistory = [
    message(1, { content: 'Не хочу жить' }),
    message(2, {
      content: 'Мне очень жаль, что вам сейчас так тяжело. Позвоните 051 или 112.',
      safety: 'crisis',
      message_metadata: {
        type: 'practice_suggestion',
        practice_type: 'grounding_54321',
        practice_name: 'Заземление 5-4-3-2-1',
        practice_description: 'Пять вещей, которые видно…',
        category: 'grounding',
        duration_minutes: 5,
        is_advanced: false,
        has_access: true,
      },
    }),
    message(3, { content: 'А эта практика?' }),
    message(4, {
      content: 'Смена цели — для PRO.',
      message_metadata: {
        type: 'practice_suggestion',
        practice_type: 'goal_shift',
        practice_name: 'Смена цели',
        practice_description: 'Переформулировать цель.',
        category: 'productivity',
        duration_minutes: 10,
        is_advanced: true,
        has_access: false,
      },
    }),
  ];

  it('«Помощь рядом» opens the lines and the safety plan; the plan card under the crisis reply; nothing sells', async () => {
    vi.mocked(getUsage).mockResolvedValue(windowOpen());
    vi.mocked(openChat).mockResolvedValue({ chat: chat(1), messages: crisisHistory, total: 4 });
    const view = await openChatScreen(`/app/chat/${id}`);
    const help = await screen.findByRole('button', { name: 'Помощь рядом' });
    expect(screen.getByRole('heading', { level: 1 }).closest('header')).toContainElement(help); // the chat's header

    // The limit is spent: the banner says so calmly, with no upgrade.
    const banner = screen.getByTestId('limit-banner');
    expect(banner).toHaveTextContent('Лимит на сегодня исчерпан');
    expect(within(banner).queryByRole('button')).toBeNull();
    // A locked practice is named, not sold.
    const locked = screen.getAllByTestId('practice-suggestion')[1]!;
    expect(within(locked).getByText('Эта практика — на тарифах PRO и PREMIUM')).toBeInTheDocument();
    expect(within(locked).queryByRole('button')).toBeNull();
    // The plan's card under the crisis reply only.
    const cards = screen.getAllByTestId('safety-plan-card');
    expect(cards).toHaveLength(1);
    expect(bubbles('assistant')[0]!).toContainElement(cards[0]!);

    await userEvent.click(help);
    const sheet = await screen.findByRole('dialog', { name: 'Помощь рядом' });
    expect(within(sheet).getByRole('link', { name: '051' })).toHaveAttribute('href', 'tel:051');
    expect(within(sheet).getByRole('link', { name: '+7 495 637-70-70' })).toHaveAttribute('href', 'tel:+74956377070');
    expect(within(sheet).getByRole('link', { name: '8-800-2000-122' })).toHaveAttribute('href', 'tel:88002000122');
    expect(within(sheet).getByText(/детский телефон доверия \(для детей, подростков и их родителей\)/)).toBeVisible();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Помощь рядом' })).toBeNull());
    expect(currentPath()).toBe(`/app/chat/${id}`);

    await userEvent.click(help);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Помощь рядом' })).getByRole('button', {
        name: 'Мой план безопасности',
      }),
    );
    await waitFor(() => expect(currentPath()).toBe('/app/safety-plan'));
    view.unmount();

    await openChatScreen(`/app/chat/${id}`);
    await userEvent.click(within(screen.getByTestId('safety-plan-card')).getByRole('button', { name: 'Открыть план' }));
    await waitFor(() => expect(currentPath()).toBe('/app/safety-plan'));
  });

  it('after 72 hours: no «Помощь рядом», and the spent limit offers the plans again', async () => {
    vi.mocked(getUsage).mockResolvedValue({
      ...windowOpen(),
      help_nearby_until: new Date(Date.now() - 1000).toISOString(),
    });
    vi.mocked(openChat).mockResolvedValue({ chat: chat(1), messages: crisisHistory, total: 4 });
    await openChatScreen(`/app/chat/${id}`);
    await waitFor(() =>
      expect(within(screen.getByTestId('limit-banner')).getByRole('button', { name: 'Улучшить тариф' })).toBeVisible(),
    );
    expect(screen.queryByRole('button', { name: 'Помощь рядом' })).toBeNull();
    expect(
      within(screen.getAllByTestId('practice-suggestion')[1]!).getByRole('button', { name: 'Улучшить тариф' }),
    ).toBeInTheDocument();
  });

  it('the crisis reply of this send opens the window: the button appears with it', async () => {
    const sends = scriptedSends();
    await openChatScreen('/app/chat/new');
    expect(screen.queryByRole('button', { name: 'Помощь рядом' })).toBeNull();
    await userEvent.type(box(), 'Не хочу жить{Enter}');
    const stored = message(1, { chat_id: CREATED.id, content: 'Не хочу жить' });
    sends.emit({ event: 'chat', data: CREATED }, { event: 'user_message', data: stored });
    const reply = message(2, {
      chat_id: CREATED.id,
      content: 'Мне очень жаль. Позвоните 051.',
      safety: 'crisis',
      usage_info: { ...usage(20_000, 100), help_nearby_until: new Date(Date.now() + 72 * hour).toISOString() },
    });
    sends.emit({ event: 'done', data: { chat: CREATED, message: reply } });
    await sends.finish();
    expect(await screen.findByRole('button', { name: 'Помощь рядом' })).toBeVisible();
    expect(screen.getByTestId('safety-plan-card')).toBeInTheDocument();
  });
});
