import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckIn, CheckInBody, CheckInToday } from '../../contract/checkin';
import type { HomeSummary } from '../../contract/home';
import { getCheckInToday, saveCheckIn } from '../../src/api/checkin';
import { getHomeSummary, takeHomeSummary } from '../../src/api/home';
import { getUsage } from '../../src/api/usage';
import { toast } from '../../src/ui/toast';
import { dayPart, greeting } from '../../src/lib/greeting';
import HomeScreen from '../../src/screens/home/HomeScreen';
import { currentPath, currentState, renderWithProviders, signedIn } from './render-app';

vi.mock('../../src/api/usage', () => ({ getUsage: vi.fn() }));
vi.mock('../../src/api/home', () => ({ getHomeSummary: vi.fn(), takeHomeSummary: vi.fn() }));
vi.mock('../../src/api/checkin', () => ({ getCheckInToday: vi.fn(), saveCheckIn: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));
const usage = vi.mocked(getUsage);
const loadSummary = vi.mocked(getHomeSummary);
const earlySummary = vi.mocked(takeHomeSummary);
const loadToday = vi.mocked(getCheckInToday);
const save = vi.mocked(saveCheckIn);

const WEEK = ['2030-01-14', '2030-01-15', '2030-01-16', '2030-01-17', '2030-01-18', '2030-01-19', '2030-01-20'];
const summaryOf = (over: Partial<HomeSummary> = {}): HomeSummary => ({
  today: '2030-01-16',
  streak: { days: 3, active_today: true, active_days_30: 12 },
  week: WEEK.map((date, i) => ({ date, mood: [4.5, null, 2, null, null, null, null][i]! })),
  insight: { kind: 'best_practice', text: 'Больше всего вам помогает практика «Квадратное дыхание».' },
  ...over,
});
const checkIn = (mood: CheckIn['mood'], note: string | null = null): CheckIn => ({
  day: '2030-01-16',
  mood,
  note,
  updated_at: '2030-01-16T09:00:00.000Z',
});
const todayOf = (check_in: CheckIn | null, diary_available = false): CheckInToday => ({
  day: '2030-01-16',
  check_in,
  diary_available,
});
/** The server's answer to a save: the body as stored (a mood alone keeps the day's note). */
const echo =
  (note: string | null = null) =>
  async (body: CheckInBody) =>
    checkIn(body.mood, body.note === undefined ? note : body.note || null);
const diaryUsage = (limit: number | null, used: number) =>
  ({ diary_entries_limit: limit, diary_entries_used: used }) as never;

const at = (hour: number, minute = 0) => new Date(2026, 0, 15, hour, minute);

describe('greeting by hour', () => {
  it.each([
    [0, 0, 'Доброй ночи'],
    [5, 59, 'Доброй ночи'],
    [6, 0, 'Доброе утро'],
    [11, 59, 'Доброе утро'],
    [12, 0, 'Добрый день'],
    [17, 59, 'Добрый день'],
    [18, 0, 'Добрый вечер'],
    [23, 59, 'Добрый вечер'],
  ])('%i:%i → %s', (hour, minute, expected) => {
    expect(greeting(at(hour, minute), 'Анна')).toBe(`${expected}, Анна`);
  });

  it('falls back to «Друг» when first_name is absent or blank', () => {
    expect(greeting(at(9), undefined)).toBe('Доброе утро, Друг');
    expect(greeting(at(9), null)).toBe('Доброе утро, Друг');
    expect(greeting(at(9), '  ')).toBe('Доброе утро, Друг');
    expect(dayPart(at(3))).toBe('night');
  });
});

describe('home screen', () => {
  beforeEach(() => {
    localStorage.clear();
    usage.mockReset().mockResolvedValue(diaryUsage(10, 0));
    loadSummary.mockReset().mockResolvedValue(summaryOf());
    earlySummary.mockReset().mockReturnValue(null);
    loadToday.mockReset().mockResolvedValue(todayOf(null));
    save.mockReset().mockImplementation(echo());
    vi.mocked(toast).mockReset();
  });

  async function renderHome(user: { first_name?: string | null; telegram_id?: number }, now = at(14)) {
    const actor = signedIn(user);
    actor.start();
    await waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    return renderWithProviders(<HomeScreen now={now} />, { path: '/app/home', actor });
  }
  const picker = () => screen.getByRole('radiogroup', { name: 'Как вы себя чувствуете сегодня?' });
  const card = () => screen.getByRole('region', { name: 'Настроение сегодня' });

  it('greets the signed-in user by first name for the given hour, with the prompt', async () => {
    await renderHome({ first_name: 'Анна' }, at(7));
    expect(screen.getByRole('heading', { name: 'Доброе утро, Анна' })).toBeInTheDocument();
    expect(screen.getByText('Как вы себя чувствуете сегодня?')).toBeInTheDocument();
  });

  it('says «Друг» when the user has no first name', async () => {
    await renderHome({ first_name: null }, at(20));
    expect(screen.getByRole('heading', { name: 'Добрый вечер, Друг' })).toBeInTheDocument();
  });

  it('START: one tap on a mood is today’s check-in — no dialog, no diary link — and the week is asked again', async () => {
    await renderHome({ first_name: 'Анна' });
    expect(within(picker()).getAllByRole('radio')).toHaveLength(5);
    expect(within(card()).getByRole('status')).toHaveTextContent('Одно касание — и настроение отмечено');
    await waitFor(() => expect(loadSummary).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('radio', { name: 'Хорошее' }));
    expect(save).toHaveBeenCalledWith({ mood: 'good' });
    await waitFor(() =>
      expect(within(card()).getByRole('status')).toHaveTextContent(
        'Настроение отмечено. Его можно изменить до конца дня',
      ),
    );
    expect(screen.getByRole('radio', { name: 'Хорошее' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(loadSummary).toHaveBeenCalledTimes(2)); // the streak and the chart follow
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Написать в дневник' })).not.toBeInTheDocument();
    expect(usage).not.toHaveBeenCalled(); // no plan check: the check-in is free
    expect(currentPath()).toBe('/app/home');
  });

  it('changeable that day: another tap saves the new mood; tapping the chosen one again changes nothing', async () => {
    loadToday.mockResolvedValue(todayOf(checkIn('bad')));
    await renderHome({ first_name: 'Анна' });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Плохое' })).toHaveAttribute('aria-checked', 'true'));
    expect(within(card()).getByRole('status')).toHaveTextContent('Настроение отмечено');
    await userEvent.click(screen.getByRole('radio', { name: 'Плохое' }));
    expect(save).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: 'Отличное' }));
    expect(save).toHaveBeenCalledWith({ mood: 'very_good' });
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Отличное' })).toHaveAttribute('aria-checked', 'true'),
    );
  });

  it('a failed tap says so and shows the stored mood again', async () => {
    loadToday.mockResolvedValue(todayOf(checkIn('neutral')));
    save.mockRejectedValue(new Error('offline'));
    await renderHome({ first_name: 'Анна' });
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Нейтральное' })).toHaveAttribute('aria-checked', 'true'),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Хорошее' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Настроение не сохранено',
        description: 'Проверьте соединение и коснитесь ещё раз',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('radio', { name: 'Нейтральное' })).toHaveAttribute('aria-checked', 'true');
  });

  it('the note: «Добавить заметку», written in the card, «Записать» saves it with the mood; a failure keeps the text', async () => {
    loadToday.mockResolvedValue(todayOf(checkIn('good')));
    save.mockRejectedValueOnce(new Error('offline')).mockImplementation(echo());
    await renderHome({ first_name: 'Анна' });
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить заметку' }));
    const field = screen.getByRole('textbox', { name: 'Заметка' });
    expect(field).toHaveAttribute('placeholder', 'Что повлияло на настроение? (опционально)');
    await userEvent.type(field, 'Прогулка с собакой');
    expect(screen.getByText('18/200')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Записать' }));
    expect(save).toHaveBeenLastCalledWith({ mood: 'good', note: 'Прогулка с собакой' });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Заметка не сохранена' })));
    expect(screen.getByRole('textbox', { name: 'Заметка' })).toHaveValue('Прогулка с собакой');
    await userEvent.click(screen.getByRole('button', { name: 'Записать' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Заметка' })).not.toBeInTheDocument());
    expect(within(card()).getByText('Прогулка с собакой')).toBeInTheDocument();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Заметка сохранена' }));
    expect(screen.getByRole('button', { name: 'Изменить заметку' })).toBeInTheDocument();
  });

  it('a note in words of suicide shows the crisis lines beside it', async () => {
    loadToday.mockResolvedValue(todayOf(checkIn('very_bad')));
    await renderHome({ first_name: 'Анна' });
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить заметку' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Заметка' }), 'Не хочу больше жить');
    expect(await screen.findByRole('heading', { name: 'Вы не одни' })).toBeInTheDocument();
  });

  it('with the diary on the plan, «Написать в дневник» opens a full entry with the mood, through the diary’s check', async () => {
    loadToday.mockResolvedValue(todayOf(checkIn('good'), true));
    await renderHome({ first_name: 'Анна' });
    await userEvent.click(await screen.findByRole('button', { name: 'Написать в дневник' }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary/new'));
    expect(currentState()).toEqual({ mood: 'good' });
    expect(usage).toHaveBeenCalledTimes(1); // the same plan and limit check as «Новая запись»
  });

  it('with today’s diary limit spent, «Написать в дневник» opens the limit dialog; the check-in stays free', async () => {
    loadToday.mockResolvedValue(todayOf(checkIn('good'), true));
    usage.mockResolvedValue(diaryUsage(10, 10));
    await renderHome({ first_name: 'Анна' });
    await userEvent.click(await screen.findByRole('button', { name: 'Написать в дневник' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Дневной лимит исчерпан')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Посмотреть тарифы' }));
    expect(currentPath()).toBe('/app/profile/subscription');
  });

  it('shows the chat, practices and diary cards, and the user’s streak, week and insight from the server', async () => {
    await renderHome({ first_name: 'Анна' });
    expect(screen.getByRole('link', { name: /Чат с помощником/ })).toHaveAttribute('href', '/app/chat');
    expect(screen.getByRole('link', { name: /Практики/ })).toHaveAttribute('href', '/app/practices');
    expect(screen.getByRole('link', { name: /Дневник/ })).toHaveAttribute('href', '/app/diary');
    expect(await screen.findByLabelText('3 дня подряд')).toHaveTextContent('3');
    expect(screen.getByLabelText('3 дня подряд')).toHaveTextContent('Вы заботитесь о себе каждый день');
    for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']) expect(screen.getByText(day)).toBeInTheDocument();
    // A day without a mood is an empty bar, not a 0; the text alternative says so.
    expect(screen.getAllByTestId('mood-bar').map((b) => b.dataset.mood)).toEqual(['4.5', '', '2', '', '', '', '']);
    expect(screen.getByRole('img', { name: /Пн: 4,5 из 5, Вт: нет записи, Ср: 2 из 5/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Мысль дня' })).toBeInTheDocument();
    expect(screen.getByText('Больше всего вам помогает практика «Квадратное дыхание».')).toBeInTheDocument();
    expect(loadSummary).toHaveBeenCalledTimes(1);
  });

  it.each([
    [1, '1 день подряд'],
    [2, '2 дня подряд'],
    [5, '5 дней подряд'],
    [11, '11 дней подряд'],
    [21, '21 день подряд'],
  ])('the streak agrees with its number: %i → «%s»', async (days, label) => {
    loadSummary.mockResolvedValue(summaryOf({ streak: { days, active_today: true, active_days_30: days } }));
    await renderHome({ first_name: 'Анна' });
    const streak = await screen.findByLabelText(label);
    expect(within(streak).getByRole('heading').textContent).toBe(label.replace(/^\d+ /, ''));
  });

  it('takes the entry’s early answer instead of asking again', async () => {
    earlySummary.mockReturnValueOnce(
      Promise.resolve(summaryOf({ streak: { days: 9, active_today: true, active_days_30: 20 } })),
    );
    await renderHome({ first_name: 'Анна' });
    expect(await screen.findByLabelText('9 дней подряд')).toHaveTextContent('9');
    expect(loadSummary).not.toHaveBeenCalled();
  });

  it('a streak not yet continued today invites; a broken one says what was kept; a new user sees the first step', async () => {
    loadSummary.mockResolvedValueOnce(summaryOf({ streak: { days: 4, active_today: false, active_days_30: 6 } }));
    const first = await renderHome({ first_name: 'Анна' });
    expect(await screen.findByLabelText('4 дня подряд')).toHaveTextContent(
      'Серия продолжается — сегодняшний день ещё впереди',
    );
    first.unmount();

    loadSummary.mockResolvedValueOnce(summaryOf({ streak: { days: 0, active_today: false, active_days_30: 6 } }));
    const second = await renderHome({ first_name: 'Анна' });
    const kept = await screen.findByLabelText('6 дней заботы за месяц');
    expect(kept).toHaveTextContent('6');
    expect(kept).toHaveTextContent('Каждый из них остаётся с вами');
    second.unmount();

    loadSummary.mockResolvedValueOnce(
      summaryOf({
        streak: { days: 0, active_today: false, active_days_30: 0 },
        week: WEEK.map((date) => ({ date, mood: null })),
      }),
    );
    await renderHome({ first_name: 'Анна' });
    expect(await screen.findByLabelText('Первый шаг')).not.toHaveTextContent(/\d/);
    // What START can do: the check-in above, not the diary.
    expect(screen.getByText('Отметьте настроение выше — и здесь появится ваша неделя')).toBeInTheDocument();
    expect(
      screen.getByText('Отметьте настроение, поговорите в чате или сделайте практику — и серия начнётся'),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/в дневнике/);
  });

  it('loading, then a failure with «Попробовать снова», which loads again', async () => {
    let fail!: (e: Error) => void;
    loadSummary.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    await renderHome({ first_name: 'Анна' });
    expect(screen.getByText('Загружаем вашу неделю…')).toHaveAttribute('role', 'status');
    // The rest of home does not wait for it.
    expect(picker()).toBeInTheDocument();
    fail(new Error('offline'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить данные');
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByLabelText('3 дня подряд')).toHaveTextContent('3');
    expect(loadSummary).toHaveBeenCalledTimes(2);
  });

  describe('the week kept on the device (a return visit)', () => {
    const ANNA = { first_name: 'Анна', telegram_id: 111 };
    const BORIS = { first_name: 'Борис', telegram_id: 222 };
    const keptWeek = summaryOf({ streak: { days: 7, active_today: true, active_days_30: 15 } });
    const keep = (telegramId: number, summary: HomeSummary) =>
      localStorage.setItem(`home_summary:${telegramId}`, JSON.stringify(summary));

    it('shows the last known week at once, without a spinner, then the server’s answer, which it keeps', async () => {
      keep(ANNA.telegram_id, keptWeek);
      let answer!: (s: HomeSummary) => void;
      loadSummary.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
      await renderHome(ANNA);
      expect(await screen.findByLabelText('7 дней подряд')).toHaveTextContent('7');
      expect(screen.queryByText('Загружаем вашу неделю…')).not.toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(loadSummary).toHaveBeenCalledTimes(1); // asked at once, while the kept week shows

      answer(summaryOf());
      expect(await screen.findByLabelText('3 дня подряд')).toHaveTextContent('3');
      expect(screen.queryByLabelText('7 дней подряд')).not.toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem('home_summary:111')!)).toEqual(summaryOf());
    });

    it('a failed update keeps the known week with a quiet note; «Попробовать снова» asks again', async () => {
      keep(ANNA.telegram_id, keptWeek);
      loadSummary.mockRejectedValueOnce(new Error('offline'));
      await renderHome(ANNA);
      expect(await screen.findByText('Не удалось обновить — показаны последние данные')).toHaveAttribute(
        'role',
        'status',
      );
      expect(screen.getByLabelText('7 дней подряд')).toHaveTextContent('7');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('Не удалось загрузить данные')).not.toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
      expect(await screen.findByLabelText('3 дня подряд')).toHaveTextContent('3');
      expect(screen.queryByText('Не удалось обновить — показаны последние данные')).not.toBeInTheDocument();
      expect(loadSummary).toHaveBeenCalledTimes(2);
    });

    it('another Telegram user on the same device never sees that week', async () => {
      keep(ANNA.telegram_id, keptWeek);
      let answer!: (s: HomeSummary) => void;
      loadSummary.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
      await renderHome(BORIS);
      expect(screen.getByText('Загружаем вашу неделю…')).toHaveAttribute('role', 'status');
      expect(screen.queryByLabelText('7 дней подряд')).not.toBeInTheDocument();
      answer(summaryOf({ streak: { days: 1, active_today: true, active_days_30: 1 } }));
      expect(await screen.findByLabelText('1 день подряд')).toHaveTextContent('1');
      expect(screen.queryByLabelText('7 дней подряд')).not.toBeInTheDocument();
      // Each keeps their own.
      expect(JSON.parse(localStorage.getItem('home_summary:111')!)).toEqual(keptWeek);
      expect(JSON.parse(localStorage.getItem('home_summary:222')!).streak.days).toBe(1);
    });

    it('something unreadable kept is the same as nothing kept', async () => {
      localStorage.setItem('home_summary:111', '{"today":"2030-01-16","streak":{"days":"many"}}');
      loadSummary.mockReturnValueOnce(new Promise(() => {}));
      await renderHome(ANNA);
      expect(screen.getByText('Загружаем вашу неделю…')).toHaveAttribute('role', 'status');
    });
  });
});
