// The diary list screen against mocked API calls: cards, filters, states, favourites, infinite scroll
// without re-rendering loaded cards, and the 'Новая запись' gate with the upgrade dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiaryListQuery, DiaryListResponse } from '../../contract/diary';
import { createDiaryEntry, getDiaryEntry, listDiaryEntries, toggleDiaryFavorite } from '../../src/api/diary';
import { getUsage } from '../../src/api/usage';
import { formatEntryDate } from '../../src/components/diary/entryDate';
import { toast } from '../../src/ui/toast';
import { deferred, entry, installIntersectionObserver, range, renderDiary } from './diary-helpers';
import { currentPath } from './render-app';

vi.mock('../../src/api/diary'); // automocked: every call is a vi.fn() the tests program
vi.mock('../../src/api/usage', () => ({ getUsage: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));
// Pass-through spy: every card render formats its date exactly once, so calls count card renders.
vi.mock('../../src/components/diary/entryDate', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/components/diary/entryDate')>();
  return { formatEntryDate: vi.fn(real.formatEntryDate) };
});

const list = vi.mocked(listDiaryEntries);
const toggle = vi.mocked(toggleDiaryFavorite);
const usage = vi.mocked(getUsage);
void createDiaryEntry;

const page = (entries: DiaryListResponse['entries'], total: number): DiaryListResponse => ({ entries, total });
const cards = () => screen.queryAllByTestId('diary-card');

beforeEach(() => {
  vi.clearAllMocks();
});

describe('diary list screen', () => {
  it('shows cards newest first with the Russian date, an untitled one named by its first words, and clamped content', async () => {
    list.mockResolvedValue(page([entry(1, { title: null, created_at: '2025-03-10T09:05:00.000Z' }), entry(2)], 2));
    await renderDiary('/app/diary');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const first = cards()[0]!;
    expect(within(first).getByText(formatEntryDate('2025-03-10T09:05:00.000Z'))).toBeInTheDocument();
    expect(formatEntryDate('2025-03-10T09:05:00.000Z')).toMatch(/^10 марта 2025, \d\d:05$/);
    // An article: the title links to the entry, the star is a sibling button, never inside the link.
    expect(first.tagName).toBe('ARTICLE');
    const link = within(first).getByRole('link', { name: 'Текст 1' }); // its first words, not «Без заголовка»
    expect(link).toHaveAttribute('href', `/app/diary/${entry(1).id}`);
    expect(within(first).getByRole('button', { name: 'Добавить в избранное' }).closest('a')).toBeNull();
    expect(link.querySelector('button')).toBeNull();
    expect(within(cards()[1]!).getByText('Запись номер 2')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ skip: 0, limit: 20 });
    for (const chip of ['Все записи', 'За неделю', 'За месяц', 'Избранное']) {
      expect(screen.getByRole('button', { name: chip })).toBeInTheDocument();
    }
  });

  it('check-ins show among the entries by time as mood marks: face, «Настроение дня: …», the note, no link', async () => {
    list.mockResolvedValue({
      entries: [
        entry(1, { created_at: '2025-03-10T09:05:00.000Z' }),
        entry(2, { created_at: '2025-03-08T18:00:00.000Z' }),
      ],
      total: 2,
      check_ins: [
        { day: '2025-03-09', mood: 'bad', note: 'Поссорилась с сестрой', updated_at: '2025-03-09T20:00:00.000Z' },
        { day: '2025-03-11', mood: 'very_good', note: null, updated_at: '2025-03-11T08:00:00.000Z' },
      ],
    });
    await renderDiary('/app/diary');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const rows = [...document.querySelectorAll('[data-testid="diary-card"], [data-testid="mood-mark"]')];
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([
      'mood-mark',
      'diary-card',
      'mood-mark',
      'diary-card',
    ]);
    const marks = screen.getAllByTestId('mood-mark');
    expect(marks[0]).toHaveAccessibleName('Настроение дня: Отличное');
    expect(marks[1]).toHaveAccessibleName('Настроение дня: Плохое');
    expect(within(marks[1]!).getByText('Поссорилась с сестрой')).toBeInTheDocument();
    expect(within(marks[1]!).getByText(formatEntryDate('2025-03-09T20:00:00.000Z'))).toBeInTheDocument();
    expect(within(marks[1]!).queryByRole('link')).toBeNull();
  });

  it('the card link opens the entry', async () => {
    list.mockResolvedValue(page([entry(1)], 1));
    vi.mocked(getDiaryEntry).mockResolvedValue(entry(1));
    await renderDiary('/app/diary');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent.click(within(cards()[0]!).getByRole('link', { name: 'Запись номер 1' }));
    expect(currentPath()).toBe(`/app/diary/${entry(1).id}`);
  });

  it('empty state: «Дневник пуст» with «Создать первую запись»', async () => {
    list.mockResolvedValue(page([], 0));
    await renderDiary('/app/diary');
    expect(await screen.findByText('Дневник пуст')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Создать первую запись' })).toBeInTheDocument();
  });

  it('error state with retry', async () => {
    list.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(page([entry(1)], 1));
    await renderDiary('/app/diary');
    expect(await screen.findByText('Не удалось загрузить записи')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('filters: favourites asks for is_favorite=true, week for the last 7 days', async () => {
    list.mockResolvedValue(page([entry(1)], 1));
    await renderDiary('/app/diary');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Избранное' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ skip: 0, limit: 20, is_favorite: 'true' }));
    expect(screen.getByRole('button', { name: 'Избранное' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'За неделю' }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(3));
    const q = list.mock.calls[2]![0] as DiaryListQuery;
    const days = (Date.now() - Date.parse(q.dateFrom!)) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
  });

  it('star: disabled while its request runs, then the server entry replaces the local one', async () => {
    list.mockResolvedValue(page([entry(1), entry(2)], 2));
    const pending = deferred<ReturnType<typeof entry>>();
    toggle.mockReturnValue(pending.promise);
    await renderDiary('/app/diary');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const star = within(cards()[0]!).getByRole('button', { name: 'Добавить в избранное' });
    await userEvent.click(star);
    expect(star).toBeDisabled();
    expect(within(cards()[1]!).getByRole('button', { name: 'Добавить в избранное' })).toBeEnabled();
    expect(currentPath()).toBe('/app/diary'); // the star does not open the entry
    pending.resolve(entry(1, { is_favorite: true }));
    const on = await within(cards()[0]!).findByRole('button', { name: 'Убрать из избранного' });
    expect(on).toBeEnabled();
    expect(toggle).toHaveBeenCalledWith(entry(1).id);
  });

  it('star failure: toast «Ошибка» / «Не удалось изменить статус избранного» and the star is usable again', async () => {
    list.mockResolvedValue(page([entry(1)], 1));
    toggle.mockRejectedValue(new Error('500'));
    await renderDiary('/app/diary');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent.click(within(cards()[0]!).getByRole('button', { name: 'Добавить в избранное' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ошибка',
        description: 'Не удалось изменить статус избранного',
        variant: 'destructive',
      }),
    );
    expect(within(cards()[0]!).getByRole('button', { name: 'Добавить в избранное' })).toBeEnabled();
  });

  it('infinite scroll 100 px before the end appends pages without re-rendering loaded cards', async () => {
    const io = installIntersectionObserver();
    const pages = [range(1, 20), range(21, 40), range(41, 45)];
    list.mockImplementation(async (q) => page(pages[q.skip / 20]!, 45));
    await renderDiary('/app/diary');
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(io.options()).toEqual([{ rootMargin: '0px 0px 100px 0px' }]);
    const renders = vi.mocked(formatEntryDate);
    renders.mockClear();

    io.intersectAll();
    await waitFor(() => expect(cards()).toHaveLength(40));
    expect(list).toHaveBeenLastCalledWith({ skip: 20, limit: 20 });
    // Only the 20 new cards rendered; the 20 already on screen did not.
    expect(renders.mock.calls.map(([iso]) => iso).sort()).toEqual(
      range(21, 40)
        .map((e) => e.created_at)
        .sort(),
    );

    renders.mockClear();
    io.intersectAll();
    await waitFor(() => expect(cards()).toHaveLength(45));
    expect(renders).toHaveBeenCalledTimes(5);
    expect(screen.queryByTestId('diary-end')).toBeNull(); // all loaded: no more trigger
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('a favourite toggle re-renders only its own card', async () => {
    list.mockResolvedValue(page(range(1, 20), 20));
    toggle.mockResolvedValue(entry(3, { is_favorite: true }));
    await renderDiary('/app/diary');
    await waitFor(() => expect(cards()).toHaveLength(20));
    const renders = vi.mocked(formatEntryDate);
    renders.mockClear();
    await userEvent.click(within(cards()[2]!).getByRole('button', { name: 'Добавить в избранное' }));
    await within(cards()[2]!).findByRole('button', { name: 'Убрать из избранного' });
    expect(new Set(renders.mock.calls.map(([iso]) => iso))).toEqual(new Set([entry(3).created_at]));
  });
});

describe('«Новая запись» gate', () => {
  beforeEach(() => list.mockResolvedValue(page([entry(1)], 1)));

  it('START (diary not on the plan): the «Дневник недоступен» sheet; «Позже» closes it', async () => {
    usage.mockResolvedValue({ diary_entries_limit: null, diary_entries_used: 0 } as never);
    await renderDiary('/app/diary');
    await userEvent.click(screen.getByRole('button', { name: 'Новая запись' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Дневник недоступен')).toBeInTheDocument();
    for (const b of ['Больше ИИ-диалогов', 'Голосовые сообщения', 'Продвинутые практики'])
      expect(within(dialog).getByText(b)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позже' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentPath()).toBe('/app/diary');
  });

  it('limit reached: «Дневной лимит исчерпан» / «Лимит обновится завтра»; «Посмотреть тарифы» opens the plans', async () => {
    usage.mockResolvedValue({ diary_entries_limit: 5, diary_entries_used: 5 } as never);
    await renderDiary('/app/diary');
    await userEvent.click(screen.getByRole('button', { name: 'Новая запись' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Дневной лимит исчерпан')).toBeInTheDocument();
    expect(within(dialog).getByText('Лимит обновится завтра')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Посмотреть тарифы' }));
    expect(currentPath()).toBe('/app/profile/subscription');
  });

  it('allowed, or usage unavailable: goes to /app/diary/new', async () => {
    usage.mockRejectedValue(new Error('offline'));
    await renderDiary('/app/diary');
    await userEvent.click(screen.getByRole('button', { name: 'Новая запись' }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary/new'));
  });
});
