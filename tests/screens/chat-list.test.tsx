// The chat list screen against mocked API calls: cards with their time labels, the empty and error states,
// infinite scroll, 'Новый чат', and deleting a chat after a confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteChat, listChats } from '../../src/api/chat';
import { chatTimeLabel } from '../../src/components/chat/chatTime';
import { toast } from '../../src/ui/toast';
import { deferred, installIntersectionObserver } from './diary-helpers';
import { chatDraftStorageKey } from '../../src/screens/chat/chatDraftStorage';
import { CHAT_USER, chat, chats, NOW, renderChat } from './chat-helpers';
import { currentPath } from './render-app';

vi.mock('../../src/api/chat', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chat')>()),
  listChats: vi.fn(),
  deleteChat: vi.fn(),
}));
vi.mock('../../src/api/usage', () => ({ getUsage: vi.fn(async () => null) }));
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));

const list = vi.mocked(listChats);
const cards = () => screen.queryAllByTestId('chat-card');
const day = (daysAgo: number, hours = 10) => new Date(2025, 2, 10 - daysAgo, hours, 5).toISOString();

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

/** The user's chat drafts on the device: a typed text in chat 1, an unsent message in chat 2. */
const DRAFTS_KEY = chatDraftStorageKey(CHAT_USER.telegram_id);
const draftOf = (n: number) =>
  n === 1
    ? { key: chat(1).id, text: 'Недописанное', unsent: null }
    : { key: chat(2).id, text: '', unsent: { content: 'Не дошло', clientId: '3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4c3b2a' } };
const storedDrafts = () => JSON.parse(localStorage.getItem(DRAFTS_KEY) ?? '[]') as unknown[];

describe('chat list screen', () => {
  it('shows a card per chat: topic, time label, the last message or «Новый чат»', async () => {
    list.mockResolvedValue({
      chats: [
        chat(1, { last_message_at: day(0, 9) }),
        chat(2, { last_message_at: day(1), last_message_preview: null }),
        chat(3, { last_message_at: day(3) }),
        chat(4, { last_message_at: day(40) }),
      ],
      total: 4,
    });
    await renderChat('/app/chat');
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(screen.getByRole('heading', { level: 1, name: 'Чаты' })).toBeInTheDocument();
    const [first, second, third, fourth] = cards();
    expect(within(first!).getByRole('link', { name: 'Разговор 1' })).toHaveAttribute('href', `/app/chat/${chat(1).id}`);
    expect(within(first!).getByText('09:05')).toBeInTheDocument();
    expect(within(first!).getByText('Последнее сообщение 1')).toBeInTheDocument();
    expect(within(second!).getByText('Вчера')).toBeInTheDocument();
    expect(within(second!).getByText('Новый чат')).toBeInTheDocument();
    expect(within(third!).getByText('3 дн. назад')).toBeInTheDocument();
    expect(within(fourth!).getByText('29 янв.')).toBeInTheDocument();
    // The delete button is beside the link, never inside it.
    expect(within(first!).getByRole('button', { name: 'Удалить чат «Разговор 1»' }).closest('a')).toBeNull();
    expect(list).toHaveBeenCalledWith({ skip: 0, limit: 20 });
    expect(screen.getByRole('link', { name: 'Новый чат' })).toHaveAttribute('href', '/app/chat/new');
  });

  it('time labels: hh:mm today, «Вчера», «N дн. назад» under a week, else the day and short month', () => {
    expect(chatTimeLabel(new Date(2025, 2, 10, 0, 1).toISOString(), NOW)).toBe('00:01');
    expect(chatTimeLabel(new Date(2025, 2, 9, 23, 59).toISOString(), NOW)).toBe('Вчера');
    expect(chatTimeLabel(new Date(2025, 2, 8, 1).toISOString(), NOW)).toBe('2 дн. назад');
    expect(chatTimeLabel(new Date(2025, 2, 4, 12).toISOString(), NOW)).toBe('6 дн. назад');
    expect(chatTimeLabel(new Date(2025, 2, 3, 12).toISOString(), NOW)).toBe('3 мар.');
    expect(chatTimeLabel(new Date(2024, 11, 31, 12).toISOString(), NOW)).toBe('31 дек.');
  });

  it('empty: «Нет активных чатов» with «Начать первый чат» to a new chat', async () => {
    list.mockResolvedValue({ chats: [], total: 0 });
    await renderChat('/app/chat');
    await screen.findByText('Нет активных чатов');
    await userEvent.click(screen.getByRole('link', { name: 'Начать первый чат' }));
    await waitFor(() => expect(currentPath()).toBe('/app/chat/new'));
  });

  it('error: «Ошибка загрузки» / «Не удалось загрузить чаты»; «Попробовать снова» loads again', async () => {
    list.mockRejectedValueOnce(new Error('503')).mockResolvedValue({ chats: chats(1, 2), total: 2 });
    await renderChat('/app/chat');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Ошибка загрузки')).toBeInTheDocument();
    expect(within(alert).getByText('Не удалось загрузить чаты')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Попробовать снова' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('infinite scroll: 100 px before the end the next 20 load; nothing more once all are shown', async () => {
    const io = installIntersectionObserver();
    list.mockImplementation(async ({ skip }) => ({ chats: skip === 0 ? chats(1, 20) : chats(21, 25), total: 25 }));
    await renderChat('/app/chat');
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(io.options()).toContainEqual({ rootMargin: '0px 0px 100px 0px' });
    io.intersectAll();
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(list).toHaveBeenLastCalledWith({ skip: 20, limit: 20 });
    expect(screen.queryByTestId('chat-list-end')).toBeNull();
  });

  it('delete asks first; «Удалить» removes the chat and its draft on the device, «Отмена» keeps them', async () => {
    list.mockResolvedValue({ chats: chats(1, 2), total: 2 });
    localStorage.setItem(DRAFTS_KEY, JSON.stringify([draftOf(1), draftOf(2)]));
    const removal = deferred<void>();
    vi.mocked(deleteChat).mockReturnValue(removal.promise);
    await renderChat('/app/chat');
    await waitFor(() => expect(cards()).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Удалить чат «Разговор 2»' }));
    let dialog = await screen.findByRole('dialog', { name: 'Удалить чат?' });
    expect(within(dialog).getByText(/Переписка будет удалена навсегда/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteChat).not.toHaveBeenCalled();
    expect(storedDrafts()).toEqual([draftOf(1), draftOf(2)]);

    await userEvent.click(screen.getByRole('button', { name: 'Удалить чат «Разговор 2»' }));
    dialog = await screen.findByRole('dialog', { name: 'Удалить чат?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(deleteChat).toHaveBeenCalledWith(chat(2).id);
    await waitFor(() => expect(cards()[1]).toHaveAttribute('aria-busy', 'true'));
    removal.resolve();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByText('Разговор 1')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith({
      title: 'Чат удалён',
      description: 'Его сообщений больше нет',
      variant: 'success',
    });
    expect(storedDrafts()).toEqual([draftOf(1)]); // the unsent message went with its chat
  });

  it('a failed delete keeps the chat and its draft, and says so', async () => {
    list.mockResolvedValue({ chats: chats(1, 1), total: 1 });
    localStorage.setItem(DRAFTS_KEY, JSON.stringify([draftOf(1)]));
    vi.mocked(deleteChat).mockRejectedValue(new Error('500'));
    await renderChat('/app/chat');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Удалить чат «Разговор 1»' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ошибка',
        description: 'Не удалось удалить чат',
        variant: 'destructive',
      }),
    );
    expect(cards()).toHaveLength(1);
    expect(storedDrafts()).toEqual([draftOf(1)]);
  });
});
