// The new diary entry screen: counters, blank guard, prefill, submitting, success, failure, and the draft.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDiaryEntry, listDiaryEntries } from '../../src/api/diary';
import { toast } from '../../src/ui/toast';
import { deferred, entry, renderDiary } from './diary-helpers';
import { currentPath } from './render-app';

vi.mock('../../src/api/diary'); // automocked: every call is a vi.fn() the tests program
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));

const create = vi.mocked(createDiaryEntry);
const title = () => screen.getByPlaceholderText('Заголовок (необязательно)');
const content = () => screen.getByPlaceholderText('Что вы чувствуете?');
const save = () => screen.getByRole('button', { name: /Сохранить|Сохранение\.\.\./ });

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  vi.mocked(listDiaryEntries).mockResolvedValue({ entries: [], total: 0 });
});

describe('new entry screen', () => {
  it('counters n/2000 and n/100; save disabled while content is blank', async () => {
    renderDiary('/app/diary/new');
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    expect(screen.getByText('0/100')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await userEvent.type(content(), '   ');
    expect(save()).toBeDisabled();
    await userEvent.type(title(), 'Утро');
    await userEvent.type(content(), 'Спокойно');
    expect(screen.getByText('4/100')).toBeInTheDocument();
    expect(screen.getByText('11/2000')).toBeInTheDocument();
    expect(save()).toBeEnabled();
    expect(content()).toHaveAttribute('maxLength', '2000');
    expect(title()).toHaveAttribute('maxLength', '100');
  });

  it('a blank submit from the keyboard shows the warning', async () => {
    renderDiary('/app/diary/new');
    await userEvent.type(content(), '  {Control>}{Enter}{/Control}');
    expect(toast).toHaveBeenCalledWith({ title: 'Внимание', description: 'Содержание записи не может быть пустым', variant: 'warning' });
    expect(create).not.toHaveBeenCalled();
  });

  it('prefills from a chat suggestion and sends its source', async () => {
    create.mockResolvedValue(entry(1));
    renderDiary('/app/diary/new', {
      suggestedContent: 'Я заметил, что устаю к вечеру',
      suggestedTitle: 'Усталость',
      sourceType: 'ai_suggestion',
      sourceId: 'chat-7',
    });
    expect(content()).toHaveValue('Я заметил, что устаю к вечеру');
    expect(title()).toHaveValue('Усталость');
    await userEvent.click(save());
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        title: 'Усталость',
        content: 'Я заметил, что устаю к вечеру',
        mood: null,
        is_favorite: false,
        source: { source_type: 'ai_suggestion', source_id: 'chat-7' },
      }),
    );
  });

  it('prefills the mood from the home quick mood card', async () => {
    renderDiary('/app/diary/new', { mood: 'good' });
    expect(screen.getByRole('radio', { name: 'Хорошее' })).toHaveAttribute('aria-checked', 'true');
  });

  it('submitting: «Сохранение...», inputs disabled; success toasts, clears the draft and returns to /app/diary', async () => {
    const pending = deferred<ReturnType<typeof entry>>();
    create.mockReturnValue(pending.promise);
    renderDiary('/app/diary/new');
    await userEvent.type(content(), 'Хороший день');
    await userEvent.click(screen.getByRole('radio', { name: 'Отличное' }));
    await userEvent.click(screen.getByRole('checkbox'));
    expect(localStorage.getItem('diary_draft')).toContain('Хороший день');
    await userEvent.click(save());
    expect(save()).toHaveTextContent('Сохранение...');
    expect(save()).toBeDisabled();
    expect(content()).toBeDisabled();
    expect(title()).toBeDisabled();
    expect(screen.getByRole('checkbox')).toBeDisabled();
    await act(async () => pending.resolve(entry(1)));
    await waitFor(() => expect(currentPath()).toBe('/app/diary'));
    expect(toast).toHaveBeenCalledWith({ title: 'Успешно', description: 'Запись добавлена в дневник', variant: 'success' });
    expect(localStorage.getItem('diary_draft')).toBeNull();
    expect(create).toHaveBeenCalledWith({ title: null, content: 'Хороший день', mood: 'very_good', is_favorite: true });
  });

  it('failure: toast, everything typed kept, and the draft survives a reload', async () => {
    create.mockRejectedValue(new Error('503'));
    const first = renderDiary('/app/diary/new');
    await userEvent.type(title(), 'Вечер');
    await userEvent.type(content(), 'Строка 1{Enter}Строка 2');
    await userEvent.click(save());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Ошибка', description: 'Не удалось создать запись', variant: 'destructive' }),
    );
    expect(content()).toHaveValue('Строка 1\nСтрока 2');
    expect(content()).toBeEnabled();
    expect(currentPath()).toBe('/app/diary/new');
    first.unmount(); // "reload"
    renderDiary('/app/diary/new');
    expect(title()).toHaveValue('Вечер');
    expect(content()).toHaveValue('Строка 1\nСтрока 2');
  });

  it('back goes to /app/diary and keeps the draft', async () => {
    renderDiary('/app/diary/new');
    await userEvent.type(content(), 'Недописанное');
    await userEvent.click(screen.getByRole('button', { name: /К дневнику/ }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary'));
    expect(JSON.parse(localStorage.getItem('diary_draft')!).content).toBe('Недописанное');
  });
});
