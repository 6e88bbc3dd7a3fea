// The practice list and detail screens against mocked API calls: the grid, loading, error with retry, empty, the
// locked dialog, the thanks after a session; the detail page's category words, its start (with the chat's source),
// the start failure, the locked practice and a refused start, back, and a practice that does not exist.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPractice, listPractices, PracticeLockedError, startPractice } from '../../src/api/practices';
import { practiceCategories } from '../../src/copy/practices';
import { catalogue, deferred, practice, renderAt } from './practices-helpers';
import { currentPath, currentState } from './render-app';

vi.mock('../../src/api/practices', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/api/practices')>();
  return {
    PracticeLockedError: real.PracticeLockedError,
    listPractices: vi.fn(),
    getPractice: vi.fn(),
    startPractice: vi.fn(),
    completePractice: vi.fn(),
  };
});

const list = vi.mocked(listPractices);
const get = vi.mocked(getPractice);
const start = vi.mocked(startPractice);
const cards = () => screen.queryAllByTestId('practice-card');

beforeEach(() => {
  vi.clearAllMocks();
});

describe('practice list', () => {
  it('shows every practice as a card with its category, minutes, PRO badge and lock, in a 1/2/3-column grid', async () => {
    list.mockResolvedValue(catalogue());
    await renderAt('/app/practices');
    expect(screen.getByRole('heading', { level: 1, name: 'Практики' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(13));
    const box = cards().find((c) => within(c).queryByText('Квадратное дыхание'))!;
    expect(within(box).getByText('Дыхание')).toBeInTheDocument();
    expect(within(box).getByText('3 мин')).toBeInTheDocument();
    expect(within(box).queryByText('PRO')).not.toBeInTheDocument();
    const wheel = cards().find((c) => within(c).queryByText('Колесо баланса'))!;
    expect(within(wheel).getByText('PRO')).toBeInTheDocument();
    expect(within(wheel).getByText('Самопознание')).toBeInTheDocument();
    expect(wheel).toHaveAttribute('data-locked', 'true');
    // The grid: one column, two from 600 px, three from 960 px.
    const grid = box.closest('ul')!;
    expect(getComputedStyle(grid).gridTemplateColumns).toBe('1fr');
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(/@media \(min-width: ?600px\)\{[^}]*repeat\(2, ?minmax\(0, ?1fr\)\)/);
    expect(css).toMatch(/@media \(min-width: ?960px\)\{[^}]*repeat\(3, ?minmax\(0, ?1fr\)\)/);
    // The bottom navigation is there, with Практики active.
    expect(screen.getByRole('link', { name: 'Практики' })).toHaveAttribute('aria-current', 'page');
  });

  it('loading, then «Не удалось загрузить практики» with «Попробовать снова» that loads again', async () => {
    const first = deferred<never>();
    list.mockReturnValueOnce(first.promise).mockResolvedValueOnce([practice('box_breathing')]);
    await renderAt('/app/practices');
    expect(await screen.findByRole('progressbar', { name: 'Загрузка' })).toBeInTheDocument();
    first.reject(new Error('offline'));
    expect(await screen.findByText('Не удалось загрузить практики')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('«Практики скоро появятся» when there are none', async () => {
    list.mockResolvedValue([]);
    await renderAt('/app/practices');
    expect(await screen.findByText('Практики скоро появятся')).toBeInTheDocument();
  });

  it('an open practice goes to its page; a locked one opens «Продвинутая практика» (Позже closes, Улучшить тариф → plans)', async () => {
    list.mockResolvedValue(catalogue());
    get.mockResolvedValue(practice('box_breathing'));
    await renderAt('/app/practices');
    await waitFor(() => expect(cards()).toHaveLength(13));

    await userEvent.click(screen.getByRole('button', { name: 'Колесо баланса' }));
    const dialog = await screen.findByRole('dialog', { name: 'Продвинутая практика' });
    expect(within(dialog).getByText('Практика «Колесо баланса» доступна на тарифах PRO и PREMIUM')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позже' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/app/practices');

    await userEvent.click(screen.getByRole('button', { name: 'Письмо без отправки' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Улучшить тариф' }));
    await waitFor(() => expect(currentPath()).toBe('/app/profile/subscription'));
  });

  it('a card opens the detail page', async () => {
    list.mockResolvedValue(catalogue());
    get.mockResolvedValue(practice('box_breathing'));
    await renderAt('/app/practices');
    await userEvent.click(await screen.findByRole('button', { name: 'Квадратное дыхание' }));
    await waitFor(() => expect(currentPath()).toBe('/app/practices/box_breathing'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Квадратное дыхание' })).toBeInTheDocument();
  });

  it('after a finished session it thanks the person by the practice’s name until closed', async () => {
    list.mockResolvedValue(catalogue());
    await renderAt('/app/practices', { completedPractice: 'Квадратное дыхание' });
    const thanks = (await screen.findByText('Спасибо, что уделили время себе')).closest<HTMLElement>(
      '[role="status"]',
    )!;
    expect(thanks).not.toBeNull();
    expect(thanks).toHaveTextContent('Практика «Квадратное дыхание» завершена');
    await userEvent.click(within(thanks).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByText(/завершена/)).not.toBeInTheDocument();
  });
});

describe('practice detail', () => {
  it('full height: icon, category, minutes, description, what you get and preparation by category, no navigation', async () => {
    get.mockResolvedValue(practice('grounding_54321'));
    await renderAt('/app/practices/grounding_54321');
    // The name's hyphens are non-breaking (U+2011): «5-4-3-2-1» never breaks across lines.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Заземление 5\u20114\u20113\u20112\u20111' }),
    ).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('grounding_54321');
    expect(screen.getByText('Заземление')).toBeInTheDocument();
    expect(screen.getByText('5 мин')).toBeInTheDocument();
    expect(screen.getByText(/Назовите 5 вещей, которые видите/)).toBeInTheDocument();
    const benefits = screen.getByRole('heading', { name: 'Что вы получите' }).closest('section')!;
    for (const b of practiceCategories.grounding.benefits) expect(within(benefits).getByText(b)).toBeInTheDocument();
    const prep = screen.getByRole('heading', { name: 'Подготовка' }).closest('section')!;
    for (const p of practiceCategories.grounding.preparation) expect(within(prep).getByText(p)).toBeInTheDocument();
    expect(screen.queryByText('PRO')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('an unknown category shows as mindfulness', async () => {
    get.mockResolvedValue({ ...practice('box_breathing'), category: 'something_new' as never });
    await renderAt('/app/practices/box_breathing');
    expect(await screen.findByText('Осознанность')).toBeInTheDocument();
    for (const b of practiceCategories.mindfulness.benefits) expect(screen.getByText(b)).toBeInTheDocument();
  });

  it('«Начать практику» starts with the chat’s source and opens the session with its id and practice', async () => {
    const box = practice('box_breathing');
    get.mockResolvedValue(box);
    start.mockResolvedValue({ session_id: 'session-9', practice: box });
    await renderAt('/app/practices/box_breathing', { sourceType: 'ai_suggestion', sourceId: 'chat-5' });
    await userEvent.click(await screen.findByRole('button', { name: 'Начать практику' }));
    expect(start).toHaveBeenCalledWith({
      practice_type: 'box_breathing',
      source_type: 'ai_suggestion',
      source_id: 'chat-5',
    });
    await waitFor(() => expect(currentPath()).toBe('/app/practices/box_breathing/session'));
    expect(currentState()).toEqual({ sessionId: 'session-9', practice: box });
    expect(await screen.findByText('Приготовьтесь к практике')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('without navigation state the source is manual', async () => {
    get.mockResolvedValue(practice('breathing_478'));
    start.mockReturnValue(new Promise(() => {}));
    await renderAt('/app/practices/breathing_478');
    await userEvent.click(await screen.findByRole('button', { name: 'Начать практику' }));
    expect(start).toHaveBeenCalledWith({ practice_type: 'breathing_478', source_type: 'manual', source_id: null });
    // Busy, not disabled: focus stays on the button while the start is decided.
    expect(screen.getByRole('button', { name: 'Начинаем…' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Начинаем…' }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a failed start says «Не удалось начать практику. Попробуйте ещё раз.» and the button works again', async () => {
    get.mockResolvedValue(practice('box_breathing'));
    start.mockRejectedValueOnce(new Error('offline')).mockReturnValueOnce(new Promise(() => {}));
    await renderAt('/app/practices/box_breathing');
    await userEvent.click(await screen.findByRole('button', { name: 'Начать практику' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось начать практику. Попробуйте ещё раз.');
    expect(currentPath()).toBe('/app/practices/box_breathing');
    await userEvent.click(screen.getByRole('button', { name: 'Начать практику' }));
    expect(start).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a locked practice: PRO badge, «Улучшить тариф», and the dialog instead of a start', async () => {
    get.mockResolvedValue(practice('balance_wheel'));
    await renderAt('/app/practices/balance_wheel');
    expect(await screen.findByText('PRO')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Улучшить тариф' }));
    const dialog = await screen.findByRole('dialog', { name: 'Продвинутая практика' });
    expect(within(dialog).getByText('Практика «Колесо баланса» доступна на тарифах PRO и PREMIUM')).toBeInTheDocument();
    expect(start).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Улучшить тариф' }));
    await waitFor(() => expect(currentPath()).toBe('/app/profile/subscription'));
  });

  it('a start the server refuses for the plan (402) opens the dialog and the button becomes «Улучшить тариф»', async () => {
    get.mockResolvedValue(practice('stop_think_act', { is_locked: false }));
    start.mockRejectedValue(
      new PracticeLockedError('Практика «Стоп — подумай — действуй» доступна на тарифах PRO и PREMIUM'),
    );
    await renderAt('/app/practices/stop_think_act');
    await userEvent.click(await screen.findByRole('button', { name: 'Начать практику' }));
    expect(await screen.findByRole('dialog', { name: 'Продвинутая практика' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Позже' }));
    expect(await screen.findByRole('button', { name: 'Улучшить тариф' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('load failure: «Не удалось загрузить практику» with retry; a missing practice: «Практика не найдена»', async () => {
    get.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(null);
    await renderAt('/app/practices/nope');
    expect(screen.getByRole('heading', { level: 1, name: 'Практика' })).toBeInTheDocument();
    expect(await screen.findByText('Не удалось загрузить практику')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByText('Практика не найдена')).toBeInTheDocument();
  });

  it('back goes to the list', async () => {
    get.mockResolvedValue(practice('box_breathing'));
    list.mockResolvedValue([]);
    await renderAt('/app/practices/box_breathing');
    await userEvent.click(await screen.findByRole('button', { name: /К практикам/ }));
    await waitFor(() => expect(currentPath()).toBe('/app/practices'));
  });
});
