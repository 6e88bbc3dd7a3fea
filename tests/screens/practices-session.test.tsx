// The practice session screen with each runner, on a clock the tests move: box breathing to the end with its phase
// words, seconds, cycles, strip and a haptic tick per phase; grounding's circles; five-minute start with pause and
// early finish; the body scan's zones; the rating (radio stars, the comment box, placeholders) and the complete
// call with its failure; no navigation state, back, a practice without a runner; reduced motion; the wake lock;
// and the runner extension point (onFinish's result reaching the module's FinishExtra).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { completePractice, listPractices } from '../../src/api/practices';
import { haptic } from '../../src/telegram/haptic';
import { catalogue, practice, renderAt, sessionState, useFakeClock } from './practices-helpers';
import { currentPath, currentState } from './render-app';

vi.mock('../../src/api/practices', () => ({
  PracticeLockedError: class extends Error {},
  listPractices: vi.fn(),
  getPractice: vi.fn(),
  startPractice: vi.fn(),
  completePractice: vi.fn(),
}));
vi.mock('../../src/telegram/haptic', () => ({
  haptic: { tap: vi.fn(), select: vi.fn(), success: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));
// The registry as the app has it, plus a test-only runner that hands a result to its FinishExtra.
vi.mock('../../src/screens/practices/runners', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/screens/practices/runners')>();
  const { lazy } = await import('react');
  const extension = Promise.resolve({
    default: ({ onFinish }: { onFinish: (result?: unknown) => void }) => (
      <button type="button" onClick={() => onFinish({ letter: 'Дорогая мама…' })}>
        Готово
      </button>
    ),
    FinishExtra: ({ result, sessionId }: { result: unknown; sessionId: string }) => (
      <p data-testid="finish-extra">{`${sessionId}: ${(result as { letter: string }).letter}`}</p>
    ),
  });
  const components = {
    Runner: lazy(() => extension.then((m) => ({ default: m.default }))),
    FinishExtra: lazy(() => extension.then((m) => ({ default: m.FinishExtra }))),
  };
  // diary_three_questions: a runner whose chunk fails to arrive until it is forgotten and fetched again.
  let attempts = 0;
  const flaky = () => {
    attempts += 1;
    const first = attempts === 1;
    return {
      Runner: lazy(() =>
        first ? Promise.reject(new Error('offline')) : extension.then((m) => ({ default: m.default })),
      ),
      FinishExtra: lazy(() => extension.then((m) => ({ default: m.FinishExtra }))),
    };
  };
  let flakyNow = flaky();
  return {
    ...real,
    runnerComponents: (id: string) =>
      id === 'letter_without_sending'
        ? components
        : id === 'diary_three_questions'
          ? flakyNow
          : real.runnerComponents(id),
    forgetRunner: (id: string) => {
      if (id === 'diary_three_questions') flakyNow = flaky();
      else real.forgetRunner(id);
    },
  };
});

const complete = vi.mocked(completePractice);

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(listPractices).mockResolvedValue(catalogue());
});
afterEach(() => {
  vi.useRealTimers();
});
// «Завершить практику?» is a lazily loaded sheet: loaded once here, it opens within a step of the fake clock.
beforeAll(async () => {
  await import('../../src/components/AnimatedBottomSheet');
});

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const seconds = () => screen.getByTestId('phase-seconds').textContent;
/** Answers «Завершить практику?» in its sheet. */
const answer = (name: 'Завершить' | 'Продолжить') =>
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Завершить практику?' })).getByRole('button', { name }));
/** Presses «Начать» and lets the actor and React settle (the actor starts in an effect that may still be pending). */
async function start(clock: ReturnType<typeof useFakeClock>) {
  await clock.advance(0);
  click('Начать');
  await clock.advance(0);
}

/** Opens the session of `id` and waits for its runner. */
async function openSession(id: string, ready: string) {
  await renderAt(`/app/practices/${id}/session`, sessionState(id));
  await screen.findByText(ready);
}

// The first session of a run transforms the runner chunks: allow for it on a busy machine.
describe('practice session', { timeout: 30_000 }, () => {
  it('without a session in navigation state it goes to the list', async () => {
    await renderAt('/app/practices/box_breathing/session');
    await waitFor(() => expect(currentPath()).toBe('/app/practices'));
  });

  it('box breathing to the end: phases, seconds, cycles, strip and haptics; then the rating, sent, and the list thanks', async () => {
    complete.mockResolvedValue(undefined);
    await openSession('box_breathing', 'Приготовьтесь к практике');
    expect(screen.getByRole('heading', { level: 1, name: 'Квадратное дыхание' })).toBeInTheDocument();
    const strip = () => screen.getByRole('list', { name: 'Фазы дыхания' });
    // The start is not a phase: the strip holds the rhythm's four phases, none current before «Начать».
    expect([...strip().querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'ВДОХ4 с',
      'ЗАДЕРЖКА4 с',
      'ВЫДОХ4 с',
      'ПАУЗА4 с',
    ]);
    expect(screen.queryByText('СТАРТ')).not.toBeInTheDocument();
    expect(strip().querySelector('[aria-current]')).toBeNull();
    // A session hides the tab bar.
    expect(screen.queryByRole('link', { name: 'Практики' })).not.toBeInTheDocument();

    const clock = useFakeClock();
    await start(clock);
    expect(screen.getByText('Вдохните через нос')).toBeInTheDocument();
    expect(seconds()).toBe('4');
    expect(screen.getByText('Цикл 1 из 5')).toBeInTheDocument();
    expect(within(strip()).getByText('ВДОХ').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(haptic.select).toHaveBeenCalledTimes(1);
    await clock.advance(999);
    expect(seconds()).toBe('4');
    await clock.advance(1);
    expect(seconds()).toBe('3');
    await clock.advance(3000);
    expect(screen.getByText('Задержите дыхание')).toBeInTheDocument();
    expect(seconds()).toBe('4');
    expect(haptic.select).toHaveBeenCalledTimes(2);
    await clock.advance(4000);
    expect(screen.getByText('Медленно выдохните')).toBeInTheDocument();
    await clock.advance(4000);
    expect(within(strip()).getByText('ПАУЗА').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('progressbar', { name: 'Ход практики' })).toHaveAttribute('aria-valuenow', '15'); // 3 of 20 phases
    await clock.advance(4000);
    expect(screen.getByText('Цикл 2 из 5')).toBeInTheDocument();
    expect(haptic.tap).toHaveBeenCalled(); // the cycle's end
    await clock.advance(16_000 * 4 - 1);
    expect(screen.getByText('Цикл 5 из 5')).toBeInTheDocument();
    expect(seconds()).toBe('1');
    await clock.advance(1);
    expect(haptic.select).toHaveBeenCalledTimes(20);
    expect(screen.getByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
    expect(screen.getByText('Как вам практика?')).toBeInTheDocument();
    vi.useRealTimers();

    const finish = screen.getByRole('button', { name: 'Завершить' });
    expect(finish).toBeDisabled();
    expect(finish).toHaveAccessibleDescription('Сначала выберите оценку');
    // Until a rating is chosen it can be skipped; the heading follows the rating chosen.
    expect(screen.getByRole('button', { name: 'Пропустить' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '1 из 5' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Жаль, что не помогло' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Пропустить' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '4 из 5' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Рады, что помогло' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '5 из 5' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Отлично!' })).toBeInTheDocument();
    expect(screen.getByText('Отлично помогло!')).toBeInTheDocument();
    const comment = screen.getByRole('textbox', { name: 'Комментарий' });
    expect(comment).toHaveAttribute('placeholder', 'Что особенно помогло? (опционально)');
    await userEvent.type(comment, '  Ровный ритм  ');
    expect(screen.getByText('15/500')).toBeInTheDocument();
    await userEvent.click(finish);
    expect(complete).toHaveBeenCalledWith('session-1', { rating: 5, feedback: 'Ровный ритм' });
    await waitFor(() => expect(currentPath()).toBe('/app/practices'));
    expect(currentState()).toEqual({ completedPractice: 'Квадратное дыхание' });
    expect(await screen.findByText('Практика «Квадратное дыхание» завершена')).toBeInTheDocument();
  });

  it('4-7-8 and triangle: their own rhythms, no pause', async () => {
    await openSession('breathing_478', 'Приготовьтесь к практике');
    const strip = screen.getByRole('list', { name: 'Фазы дыхания' });
    expect([...strip.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'ВДОХ4 с',
      'ЗАДЕРЖКА7 с',
      'ВЫДОХ8 с',
    ]);
    // «4-7-8» never breaks across lines: its hyphens are non-breaking (U+2011) wherever the name shows.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Дыхание 4\u20117\u20118');
    const clock = useFakeClock();
    await start(clock);
    expect(screen.getByText('Цикл 1 из 4')).toBeInTheDocument();
    await clock.advance(4000);
    expect(seconds()).toBe('7');
    await clock.advance(7000 + 8000);
    expect(screen.getByText('Цикл 2 из 4')).toBeInTheDocument();
    expect(screen.getByText('Вдохните через нос')).toBeInTheDocument();
  });

  it('a comment in words of suicide or self-harm brings the crisis lines under the box', async () => {
    await openSession('letter_without_sending', 'Готово');
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    await userEvent.click(await screen.findByRole('radio', { name: '1 из 5' }));
    const comment = screen.getByRole('textbox', { name: 'Комментарий' });
    await userEvent.type(comment, 'Ничего не помогает');
    expect(screen.queryByRole('heading', { name: 'Вы не одни' })).not.toBeInTheDocument();
    await userEvent.type(comment, ', хочу умереть');
    const help = (await screen.findByRole('heading', { name: 'Вы не одни' })).closest('section')!;
    expect(within(help).getByRole('link', { name: '8-800-2000-122' })).toHaveAttribute('href', 'tel:88002000122');
    expect(screen.getByRole('button', { name: 'Завершить' })).toBeEnabled();
  });

  it('a failed complete says «Не удалось завершить практику» and keeps the rating and the comment to send again', async () => {
    complete.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    await openSession('letter_without_sending', 'Готово');
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    await userEvent.click(await screen.findByRole('radio', { name: '2 из 5' }));
    const comment = screen.getByRole('textbox', { name: 'Комментарий' });
    expect(comment).toHaveAttribute('placeholder', 'Что пошло не так? (опционально)');
    await userEvent.type(comment, 'Было тяжело');
    await userEvent.click(screen.getByRole('button', { name: 'Завершить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось завершить практику');
    expect(screen.getByRole('radio', { name: '2 из 5' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Комментарий' })).toHaveValue('Было тяжело');
    expect(currentPath()).toBe('/app/practices/letter_without_sending/session');
    await userEvent.click(screen.getByRole('button', { name: 'Завершить' }));
    expect(complete).toHaveBeenLastCalledWith('session-1', { rating: 2, feedback: 'Было тяжело' });
    await waitFor(() => expect(currentPath()).toBe('/app/practices'));
  });

  it('a runner’s onFinish result reaches its module’s FinishExtra beside the rating', async () => {
    await openSession('letter_without_sending', 'Готово');
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(await screen.findByTestId('finish-extra')).toHaveTextContent('session-1: Дорогая мама…');
    expect(screen.getByText('Как вам практика?')).toBeInTheDocument();
  });

  it('the rating: 3 and 4 open nothing; 1 opens the box; folded, «+ Добавить комментарий» brings it back', async () => {
    await openSession('letter_without_sending', 'Готово');
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    const stars = await screen.findAllByRole('radio');
    expect(stars).toHaveLength(5);
    expect(screen.getByRole('radiogroup', { name: 'Оценка практики' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '3 из 5' }));
    expect(screen.getByText('Нормально')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Добавить комментарий' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Завершить' })).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: '4 из 5' }));
    expect(screen.getByText('Хорошо помогло')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '1 из 5' }));
    expect(screen.getByText('Совсем не помогло')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Комментарий' })).toHaveAttribute(
      'placeholder',
      'Что пошло не так? (опционально)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Свернуть комментарий' }));
    await userEvent.click(screen.getByRole('button', { name: '+ Добавить комментарий' }));
    expect(screen.getByRole('textbox', { name: 'Комментарий' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '3 из 5' }));
    expect(screen.getByRole('textbox', { name: 'Комментарий' })).toHaveAttribute(
      'placeholder',
      'Ваши впечатления (опционально)',
    );
    // Arrow keys move the choice (one tab stop): from 3 to 2.
    expect(screen.getByRole('radio', { name: '3 из 5' })).toHaveAttribute('tabindex', '0');
    screen.getByRole('radio', { name: '3 из 5' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '2 из 5' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Помогло слабо')).toBeInTheDocument();
  });

  it('back goes to the practice’s detail page', async () => {
    await openSession('box_breathing', 'Приготовьтесь к практике');
    await userEvent.click(screen.getByRole('button', { name: /К описанию практики/ }));
    await waitFor(() => expect(currentPath()).toBe('/app/practices/box_breathing'));
  });

  it('a runner that fails to arrive says «Не удалось загрузить практику»; «Попробовать снова» fetches it again', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    try {
      await openSession('diary_three_questions', 'Не удалось загрузить практику');
      await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Готово' }));
      expect(await screen.findByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
    } finally {
      quiet.mockRestore();
    }
  });

  it('a practice without a runner (one the client does not know yet) shows its name, description, minutes and «Практика в разработке»', async () => {
    const unknown = { ...practice('balance_wheel'), id: 'gratitude_walk', name: 'Прогулка благодарности' };
    await renderAt('/app/practices/gratitude_walk/session', {
      sessionId: 'session-1',
      practice: { ...unknown, is_locked: false },
    });
    await screen.findByText('Практика в разработке');
    expect(screen.getByRole('heading', { level: 1, name: 'Прогулка благодарности' })).toBeInTheDocument();
    expect(screen.getByText(unknown.description)).toBeInTheDocument();
    expect(screen.getByText('10 мин')).toBeInTheDocument();
  });

  it('grounding: five senses; «Далее» once every circle is tapped, «Завершить» on the last step', async () => {
    await openSession('grounding_54321', 'Начать');
    await userEvent.click(screen.getByRole('button', { name: 'Начать' }));
    const titles = [
      'Назовите 5 вещей, которые вы видите',
      'Назовите 4 звука, которые вы слышите',
      'Назовите 3 вещи, которых вы касаетесь',
      'Назовите 2 запаха, которые вы чувствуете',
      'Назовите 1 вкус, который вы ощущаете',
    ];
    for (const [i, title] of titles.entries()) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(`Шаг ${i + 1} из 5`)).toBeInTheDocument();
      const circles = within(screen.getByRole('list', { name: 'Отмеченное' })).getAllByRole('button');
      expect(circles).toHaveLength(5 - i);
      const next = screen.getByRole('button', { name: i === 4 ? 'Завершить' : 'Далее' });
      expect(next).toHaveAccessibleDescription('Сначала отметьте все кружки этого шага');
      for (const circle of circles) {
        expect(next).toBeDisabled();
        await userEvent.click(circle);
        expect(circle).toHaveAttribute('aria-pressed', 'true');
      }
      expect(next).toBeEnabled();
      await userEvent.click(next);
    }
    expect(await screen.findByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
  });

  it('five-minute start: 5:00, pause keeps the time, «Завершить досрочно» from the menu ends it', async () => {
    await openSession('five_minute_start', 'Начать');
    const time = () => screen.getByTestId('time-left').textContent;
    expect(time()).toBe('5:00');
    const clock = useFakeClock();
    await start(clock);
    await clock.advance(60_000);
    expect(time()).toBe('4:00');
    click('Пауза');
    expect(screen.getByText('Пауза. Продолжите, когда будете готовы.')).toBeInTheDocument();
    await clock.advance(30_000);
    expect(time()).toBe('4:00');
    click('Продолжить');
    await clock.advance(1000);
    expect(time()).toBe('3:59');
    click('Меню практики');
    expect(screen.getByRole('button', { name: 'Меню практики' })).toHaveAttribute('aria-expanded', 'true');
    click('Завершить досрочно');
    await clock.advance(0); // the sheet's chunk
    // A deliberate stop asks once, with the countdown held.
    expect(screen.getByRole('heading', { name: 'Завершить практику?' })).toBeInTheDocument();
    await clock.advance(10_000);
    expect(time()).toBe('3:59');
    answer('Продолжить');
    await clock.advance(1000);
    expect(time()).toBe('3:58');
    // The sheet may still be animating out: the runner's own «Завершить», outside it.
    fireEvent.click(screen.getAllByRole('button', { name: 'Завершить' }).find((b) => !b.closest('[role="dialog"]'))!);
    await clock.advance(0);
    expect(screen.getByRole('heading', { name: 'Завершить практику?' })).toBeInTheDocument();
    answer('Завершить');
    expect(screen.getByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
  });

  it('breathing: «Пауза» holds the phase and its seconds, «Продолжить» goes on, «Завершить» asks and ends', async () => {
    await openSession('box_breathing', 'Приготовьтесь к практике');
    const clock = useFakeClock();
    await start(clock);
    await clock.advance(5000); // hold, 3 s left
    expect(screen.getByText('Задержите дыхание')).toBeInTheDocument();
    expect(seconds()).toBe('3');
    click('Пауза');
    expect(screen.getByText('Пауза. Продолжите, когда будете готовы.')).toBeInTheDocument();
    await clock.advance(60_000);
    expect(screen.getByText('Задержите дыхание')).toBeInTheDocument();
    expect(seconds()).toBe('3');
    click('Продолжить');
    await clock.advance(3000);
    expect(screen.getByText('Медленно выдохните')).toBeInTheDocument();
    expect(seconds()).toBe('4');
    click('Завершить');
    await clock.advance(0);
    expect(screen.getByRole('heading', { name: 'Завершить практику?' })).toBeInTheDocument();
    await clock.advance(10_000);
    expect(seconds()).toBe('4');
    answer('Завершить');
    expect(screen.getByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
  });

  it('«Пропустить» completes the session with no rating and ends as a rated one does', async () => {
    complete.mockResolvedValue(undefined);
    await openSession('box_breathing', 'Приготовьтесь к практике');
    const clock = useFakeClock();
    await start(clock);
    click('Завершить');
    await clock.advance(0);
    answer('Завершить');
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Пропустить' }));
    expect(complete).toHaveBeenCalledWith('session-1', { rating: null, feedback: null });
    await waitFor(() => expect(currentPath()).toBe('/app/practices'));
    expect(currentState()).toEqual({ completedPractice: 'Квадратное дыхание' });
  });

  it('five-minute start at 0: «Завершить практику», then the rating', async () => {
    await openSession('five_minute_start', 'Начать');
    const clock = useFakeClock();
    await start(clock);
    await clock.advance(299_999);
    expect(screen.getByTestId('time-left').textContent).toBe('0:01');
    await clock.advance(1);
    expect(screen.getByText('Пять минут позади. Вы сделали первый шаг!')).toBeInTheDocument();
    expect(screen.getByText('0:00')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Отлично!' })).not.toBeInTheDocument();
    click('Завершить практику');
    expect(screen.getByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
  });

  it('body scan: seven zones of 40 s from head to feet, a tick at each, then the rating by itself', async () => {
    await openSession('body_scan_simple', 'Начать');
    const clock = useFakeClock();
    await start(clock);
    const zones = [
      'Голова и лицо',
      'Шея и плечи',
      'Руки и кисти',
      'Грудь и живот',
      'Спина',
      'Таз и бёдра',
      'Ноги и стопы',
    ];
    for (const [i, zone] of zones.entries()) {
      expect(screen.getByRole('heading', { name: zone })).toBeInTheDocument();
      expect(screen.getByText(`Зона ${i + 1} из 7`)).toBeInTheDocument();
      expect(screen.getByTestId('zone-seconds').textContent).toBe('40');
      await clock.advance(20_000);
      expect(screen.getByTestId('zone-seconds').textContent).toBe('20');
      await clock.advance(20_000);
    }
    expect(haptic.select).toHaveBeenCalledTimes(6);
    expect(screen.getByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
  });

  it('reduced motion: the ring and the shape stand still, the words and the seconds go on', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      await openSession('triangle_breathing', 'Приготовьтесь к практике');
      const clock = useFakeClock();
      await start(clock);
      const ring = screen.getByTestId('ring-arc').closest('[data-animated]')!;
      expect(ring).toHaveAttribute('data-animated', 'false');
      expect(getComputedStyle(screen.getByTestId('ring-arc')).transition).toBe('none');
      const shape = screen.getByTestId('breath-shape');
      expect(getComputedStyle(shape).transition).toBe('none');
      expect(getComputedStyle(shape).transform).toBe('scale(1)');
      await clock.advance(3000);
      expect(screen.getByText('Задержите дыхание')).toBeInTheDocument();
      expect(getComputedStyle(screen.getByTestId('breath-shape')).transform).toBe('scale(1)');
      await clock.advance(1000);
      expect(seconds()).toBe('2');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('with motion: the shape grows over the inhale for as long as it lasts', async () => {
    await openSession('breathing_478', 'Приготовьтесь к практике');
    await start(useFakeClock());
    const shape = screen.getByTestId('breath-shape');
    expect(getComputedStyle(shape).transform).toBe('scale(1.3)');
    expect(getComputedStyle(shape).transition).toBe('transform 4s ease-in-out');
    expect(screen.getByTestId('ring-arc').closest('[data-animated]')).toHaveAttribute('data-animated', 'true');
  });

  it('keeps the screen awake while the practice plays, and lets it go at the rating', async () => {
    const release = vi.fn(async () => {});
    const request = vi.fn(async () => ({ release }));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    try {
      await openSession('letter_without_sending', 'Готово');
      await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
      expect(release).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
      await waitFor(() => expect(release).toHaveBeenCalledTimes(1));
    } finally {
      Reflect.deleteProperty(navigator, 'wakeLock');
    }
  });

  it('a refused wake lock changes nothing', async () => {
    const request = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    try {
      await openSession('box_breathing', 'Приготовьтесь к практике');
      await waitFor(() => expect(request).toHaveBeenCalled());
      await act(async () => {});
      expect(screen.getByRole('button', { name: 'Начать' })).toBeEnabled();
    } finally {
      Reflect.deleteProperty(navigator, 'wakeLock');
    }
  });
});
