// The diary entry detail screen against mocked API calls («Изменить» with its edit draft, «Удалить запись» with its
// confirmation).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deleteDiaryEntry,
  getDiaryEntry,
  listDiaryEntries,
  toggleDiaryFavorite,
  updateDiaryEntry,
} from '../../src/api/diary';
import { paths } from '../../machines/paths';
import { formatEntryDate } from '../../src/components/diary/entryDate';
import { navigateTo } from '../../src/flow/navigator';
import { toast } from '../../src/ui/toast';
import { deferred, entry, renderDiary } from './diary-helpers';
import { currentPath, renderApp, signedIn } from './render-app';

vi.mock('../../src/api/diary'); // automocked: every call is a vi.fn() the tests program
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));

const get = vi.mocked(getDiaryEntry);
const toggle = vi.mocked(toggleDiaryFavorite);
const update = vi.mocked(updateDiaryEntry);
const EDITS = 'diary_edits:42'; // DIARY_USER's edit drafts
beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  vi.mocked(listDiaryEntries).mockResolvedValue({ entries: [], total: 0 });
});

describe('diary entry screen', () => {
  it('shows title, date, mood label and the full content with line breaks kept', async () => {
    const e = entry(1, {
      mood: 'very_good',
      content: 'Первая строка\nВторая строка',
      created_at: '2025-03-10T09:05:00.000Z',
    });
    get.mockResolvedValue(e);
    await renderDiary(`/app/diary/${e.id}`);
    expect(await screen.findByRole('heading', { name: 'Запись номер 1' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(e.id);
    expect(screen.getByText(formatEntryDate(e.created_at))).toBeInTheDocument();
    expect(screen.getByText('Отличное')).toBeInTheDocument();
    const content = screen.getByText(
      (_, el) => el?.tagName === 'P' && el.textContent === 'Первая строка\nВторая строка',
    );
    expect(getComputedStyle(content).whiteSpace).toBe('pre-wrap');
  });

  it('names an untitled entry by its first words, and «Только что» for an invalid date', async () => {
    get.mockResolvedValue(entry(2, { title: null, content: 'Проснулась рано и успела погулять', created_at: 'x' }));
    await renderDiary(`/app/diary/${entry(2).id}`);
    // While loading the page's h1 is already «Запись» (for screen readers); wait for the entry itself.
    expect(await screen.findByText('Только что')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Проснулась рано и успела погулять' })).toBeInTheDocument();
  });

  describe('«Изменить»', () => {
    const e = entry(5, { content: 'Было тяжело', mood: 'bad' });
    const content = () => screen.getByRole('textbox', { name: /Содержание/ });

    // Several renders and a reload each: more time than the default on a busy machine.
    it(
      'edits title, content and mood in place; saved, the entry shows the server’s version and a toast',
      { timeout: 20_000 },
      async () => {
        get.mockResolvedValue(e);
        const pending = deferred<ReturnType<typeof entry>>();
        update.mockReturnValueOnce(pending.promise);
        await renderDiary(`/app/diary/${e.id}`);
        await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
        expect(screen.getByRole('heading', { level: 1, name: 'Изменить запись' })).toBeInTheDocument();
        expect(content()).toHaveValue('Было тяжело');
        fireEvent.change(content(), { target: { value: 'Стало легче к вечеру' } });
        fireEvent.change(screen.getByRole('textbox', { name: /Заголовок/ }), { target: { value: '  ' } });
        await userEvent.click(screen.getByRole('radio', { name: 'Хорошее' }));
        await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        expect(update).toHaveBeenCalledWith(e.id, { title: null, content: 'Стало легче к вечеру', mood: 'good' });
        expect(screen.getByRole('button', { name: 'Сохранение...' })).toBeDisabled();
        pending.resolve({ ...e, title: null, content: 'Стало легче к вечеру', mood: 'good' });
        expect(await screen.findByRole('heading', { level: 1, name: 'Стало легче к вечеру' })).toBeInTheDocument();
        expect(screen.getByText('Хорошее')).toBeInTheDocument();
        expect(toast).toHaveBeenCalledWith({
          title: 'Изменения сохранены',
          description: 'Запись обновлена',
          variant: 'success',
        });
        expect(localStorage.getItem(EDITS)).toBeNull(); // saved: no draft left
      },
    );

    it(
      'a failed save keeps the text in the form and on the device; reopening the page resumes the edit',
      { timeout: 20_000 },
      async () => {
        get.mockResolvedValue(e);
        update.mockRejectedValue(new Error('offline'));
        const first = await renderDiary(`/app/diary/${e.id}`);
        await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
        fireEvent.change(content(), { target: { value: 'Было тяжело, но я справилась' } });
        await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        await waitFor(() =>
          expect(toast).toHaveBeenCalledWith({
            title: 'Ошибка',
            description: 'Не удалось сохранить изменения. Всё написанное осталось в форме',
            variant: 'destructive',
          }),
        );
        expect(content()).toHaveValue('Было тяжело, но я справилась');
        expect(JSON.parse(localStorage.getItem(EDITS)!)).toEqual([
          { id: e.id, title: 'Запись номер 5', content: 'Было тяжело, но я справилась', mood: 'bad' },
        ]);
        first.unmount(); // the app closed
        await renderDiary(`/app/diary/${e.id}`);
        await waitFor(() => expect(content()).toHaveValue('Было тяжело, но я справилась'));
        // «Отмена» drops the edit: the entry as it was, and the draft gone.
        await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
        expect(await screen.findByText('Было тяжело')).toBeInTheDocument();
        expect(localStorage.getItem(EDITS)).toBeNull();
      },
    );
  });

  it('«Запись не найдена» for a missing entry', async () => {
    get.mockResolvedValue(null);
    await renderDiary('/app/diary/nope');
    expect(await screen.findByText('Запись не найдена')).toBeInTheDocument();
  });

  it('load failure: «Не удалось загрузить запись» with retry', async () => {
    get.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(entry(3));
    await renderDiary(`/app/diary/${entry(3).id}`);
    expect(await screen.findByText('Не удалось загрузить запись')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Запись номер 3' })).toBeInTheDocument();
  });

  it('favourite toggle: disabled while running, server entry shown; failure toasts', async () => {
    get.mockResolvedValue(entry(4));
    const pending = deferred<ReturnType<typeof entry>>();
    toggle.mockReturnValueOnce(pending.promise).mockRejectedValueOnce(new Error('500'));
    await renderDiary(`/app/diary/${entry(4).id}`);
    const star = await screen.findByRole('button', { name: 'Добавить в избранное' });
    await userEvent.click(star);
    expect(star).toBeDisabled();
    pending.resolve(entry(4, { is_favorite: true }));
    const on = await screen.findByRole('button', { name: 'Убрать из избранного' });
    await userEvent.click(on);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ошибка',
        description: 'Не удалось изменить статус избранного',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('button', { name: 'Убрать из избранного' })).toBeEnabled();
  });

  it('back goes to /app/diary', async () => {
    get.mockResolvedValue(null);
    await renderDiary('/app/diary/x');
    await screen.findByText('Запись не найдена');
    await userEvent.click(screen.getByRole('button', { name: /К дневнику/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveAttribute('data-path', '/app/diary'));
  });

  it('another entry’s route loads that entry, though only the id changed (the real route table)', async () => {
    const [first, second] = [entry(1), entry(2)];
    get.mockImplementation(async (id) => (id === second.id ? second : first));
    renderApp(
      paths.diaryEntry(first.id),
      signedIn({ first_name: 'Анна', telegram_id: 42 }, { onboardingCompleted: true }),
    );
    expect(await screen.findByRole('heading', { name: 'Запись номер 1' })).toBeInTheDocument();
    act(() => navigateTo({ to: paths.diaryEntry(second.id) }));
    expect(await screen.findByRole('heading', { name: 'Запись номер 2' })).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(second.id);
  });

  describe('«Удалить запись»', () => {
    const remove = vi.mocked(deleteDiaryEntry);

    it('asks first; «Удалить» deletes, says so and goes back to the list', async () => {
      get.mockResolvedValue(entry(5));
      const pending = deferred<void>();
      remove.mockReturnValue(pending.promise);
      await renderDiary(`/app/diary/${entry(5).id}`);
      const button = await screen.findByRole('button', { name: 'Удалить запись' });
      await userEvent.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Удалить запись?' });
      expect(dialog).toHaveTextContent('Запись будет удалена навсегда');
      expect(remove).not.toHaveBeenCalled();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
      expect(remove).toHaveBeenCalledWith(entry(5).id);
      expect(within(dialog).getByRole('button', { name: 'Удаляем…' })).toHaveAttribute('aria-busy', 'true');
      pending.resolve();
      await waitFor(() => expect(currentPath()).toBe('/app/diary'));
      expect(toast).toHaveBeenCalledWith({
        title: 'Запись удалена',
        description: 'Её больше нет в дневнике',
        variant: 'success',
      });
    });

    it('«Отмена» and Escape close the sheet and keep the entry; a failed delete toasts and keeps it', async () => {
      get.mockResolvedValue(entry(6));
      remove.mockRejectedValue(new Error('503'));
      await renderDiary(`/app/diary/${entry(6).id}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Удалить запись' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отмена' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await userEvent.click(screen.getByRole('button', { name: 'Удалить запись' }));
      await screen.findByRole('dialog');
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(remove).not.toHaveBeenCalled();

      await userEvent.click(screen.getByRole('button', { name: 'Удалить запись' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith({
          title: 'Ошибка',
          description: 'Не удалось удалить запись',
          variant: 'destructive',
        }),
      );
      expect(screen.getByRole('heading', { name: 'Запись номер 6' })).toBeInTheDocument();
      expect(currentPath()).toBe(`/app/diary/${entry(6).id}`);
    });
  });
});
