// The safety plan screen (the real route table) against mocked API calls: filled step by step with examples and
// skips, people to call or write, the summary with an edit per step; saved on the server and kept on the device;
// opened from the device when the server cannot be reached (also when the sign-in itself could not reach it), edits
// kept there and sent when the server is back; one Telegram user's copy never shown to another; the entry points.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthFailure } from '../../machines/app/auth.machine';
import type { SafetyPlan, SafetyPlanSaveBody } from '../../contract/safety-plan';
import { emptyPlan, type SafetyPlanContent } from '../../contract/safety-plan-rules';
import { getTrialStatus } from '../../src/api/billing';
import { getSupport } from '../../src/api/help';
import { getSafetyPlan, saveSafetyPlan } from '../../src/api/safety-plan';
import { devicePlanStorageKey } from '../../src/screens/safety-plan/devicePlanStorage';
import { openExternal } from '../../src/telegram/links';
import { STORAGE_KEYS } from '../../src/telegram/storage';
import { currentPath, fakeAuthActor, INIT_DATA, never, renderWithProviders, signedIn } from './render-app';
import { AppRoutes } from '../../src/routes';

vi.mock('../../src/api/safety-plan');
// Only the trial check (the profile, after «Назад»); the rest of billing as it was when it lived apart from it.
vi.mock('../../src/api/billing', async (actual) => ({
  ...(await actual<typeof import('../../src/api/billing')>()),
  getTrialStatus: vi.fn(),
}));
vi.mock('../../src/api/help');
vi.mock('../../src/telegram/links', () => ({ openDownload: vi.fn(), openExternal: vi.fn() }));

const load = vi.mocked(getSafetyPlan);
const save = vi.mocked(saveSafetyPlan);
/** The launch's init data (INIT_DATA) names Telegram user 42. */
const ANNA = { first_name: 'Анна', telegram_id: 42 };
const KEY = devicePlanStorageKey(42);
const NEVER_SAVED: SafetyPlan = { plan: emptyPlan(), revision: 0, updated_at: null };
const KEPT: SafetyPlanContent = { ...emptyPlan(), warning_signs: ['Не могу уснуть'], reasons: ['Дочь'] };
const noServer = () => new TypeError('Failed to fetch');
const failSignIn = (kind: AuthFailure['kind']) => async (): Promise<never> => {
  throw { kind } satisfies AuthFailure;
};

const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
const keep = (copy: unknown, key = KEY) => localStorage.setItem(key, JSON.stringify(copy));

/** The plan page at /app/safety-plan (navigation `state` as an entry link passes it) for this sign-in. */
function open(actor = signedIn(ANNA, { onboardingCompleted: true }), state?: unknown) {
  return renderWithProviders(<AppRoutes />, {
    path: (state === undefined ? '/app/safety-plan' : { pathname: '/app/safety-plan', state }) as string,
    actor,
  });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const status = () => screen.getByRole('status', { name: 'Состояние плана' });

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.initData, INIT_DATA);
  load.mockResolvedValue(NEVER_SAVED);
  // A server that takes every save whole, one revision up.
  save.mockImplementation(async (body: SafetyPlanSaveBody) => ({
    plan: body.plan,
    revision: body.base_revision + 1,
    updated_at: '2030-01-01T10:00:00.000Z',
    merged: false,
  }));
  vi.mocked(getSupport).mockResolvedValue({ support_url: null });
  vi.mocked(getTrialStatus).mockResolvedValue({ available: false, days: 7 });
});

describe('safety plan', { timeout: 30_000 }, () => {
  it('filled step by step: examples, skips, a person to call or write, the summary; on the server and the device', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Составить план' }));

    expect(screen.getByText('Шаг 1 из 7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Тревожные сигналы' })).toHaveFocus();
    expect(button('Пропустить')).toBeInTheDocument();
    await user.click(button('Не могу уснуть'));
    expect(screen.getByRole('textbox', { name: 'Тревожные сигналы: пункт 1' })).toHaveValue('Не могу уснуть');
    expect(screen.queryByRole('button', { name: 'Не могу уснуть' })).not.toBeInTheDocument(); // offered once
    await user.click(button('Далее'));

    expect(screen.getByRole('heading', { level: 2, name: 'Что помогает мне справиться' })).toBeInTheDocument();
    await user.click(button('Пропустить'));
    expect(screen.getByText('Шаг 3 из 7')).toBeInTheDocument();
    await user.click(button('Назад'));
    expect(screen.getByText('Шаг 2 из 7')).toBeInTheDocument();
    await user.click(button('Пропустить'));
    await user.click(button('Пропустить'));

    expect(screen.getByRole('heading', { level: 2, name: 'Кого я могу попросить о помощи' })).toBeInTheDocument();
    await user.click(button('Добавить человека'));
    const person = screen.getByRole('group', { name: 'Контакт 1' });
    expect(within(person).getByRole('textbox', { name: 'Имя' })).toHaveFocus();
    await user.type(within(person).getByRole('textbox', { name: 'Имя' }), 'Вера');
    await user.type(within(person).getByRole('textbox', { name: 'Телефон' }), '+7 916 555-01-23');
    await user.type(within(person).getByRole('textbox', { name: 'Telegram' }), '@vera_sister');
    expect(within(person).getByRole('link', { name: 'Позвонить: Вера' })).toHaveAttribute('href', 'tel:+79165550123');
    await user.click(within(person).getByRole('link', { name: 'Написать в Telegram: Вера' }));
    expect(openExternal).toHaveBeenCalledWith('https://t.me/vera_sister');
    await user.click(button('Далее'));

    // The lines are on the step of professionals (and everywhere else).
    expect(screen.getByRole('heading', { level: 2, name: 'Специалисты и службы помощи' })).toBeInTheDocument();
    const lines = screen.getByRole('region', { name: 'Телефоны помощи' });
    expect(within(lines).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    await user.click(button('Пропустить'));
    await user.click(button('Пропустить'));

    expect(screen.getByText('Шаг 7 из 7')).toBeInTheDocument();
    await user.click(button('Добавить своё'));
    const own = screen.getByRole('textbox', { name: 'Ради чего я живу: пункт 1' });
    expect(own).toHaveFocus();
    await user.type(own, 'Дочь ');
    await user.click(button('Готово'));

    const expected: SafetyPlanContent = {
      ...emptyPlan(),
      warning_signs: ['Не могу уснуть'],
      helpers: [{ name: 'Вера', phone: '+7 916 555-01-23', telegram: '@vera_sister' }],
      reasons: ['Дочь'],
    };
    const step = (name: string) => screen.getByRole('region', { name });
    expect(within(step('1. Тревожные сигналы')).getByRole('listitem')).toHaveTextContent('Не могу уснуть');
    expect(within(step('4. Кого я могу попросить о помощи')).getByText('Вера')).toBeInTheDocument();
    expect(
      within(step('4. Кого я могу попросить о помощи')).getByRole('link', { name: 'Позвонить: Вера' }),
    ).toBeVisible();
    expect(within(step('7. Ради чего я живу')).getByRole('listitem')).toHaveTextContent('Дочь');
    expect(within(step('2. Что помогает мне справиться')).getByText('Пока пусто')).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent('Сохранено'));
    // Every save went with the revision the one before it made; the last one holds the whole plan, trimmed.
    const bodies = save.mock.calls.map(([body]) => body);
    expect(bodies.map((b) => b.base_revision)).toEqual(bodies.map((_, i) => i));
    expect(bodies.at(-1)!.plan).toEqual(expected);
    expect(stored()).toEqual({
      plan: { ...expected, reasons: ['Дочь '] }, // the device keeps it as typed
      revision: bodies.length,
      unsaved: false,
    });

    // Editable later: «Изменить» opens one step, «Готово» returns to the summary.
    await user.click(button('Изменить: Что помогает мне справиться'));
    await user.click(button('Принять тёплый душ'));
    await user.click(button('Готово'));
    expect(within(step('2. Что помогает мне справиться')).getByRole('listitem')).toHaveTextContent(
      'Принять тёплый душ',
    );
    await waitFor(() => expect(save.mock.calls.at(-1)![0].plan.coping).toEqual(['Принять тёплый душ']));
  });

  it('back leaves to where the plan was opened from', async () => {
    keep({ plan: KEPT, revision: 1, unsaved: false });
    load.mockResolvedValue({ plan: KEPT, revision: 1, updated_at: '2030-01-01T10:00:00.000Z' });
    open(signedIn(ANNA, { onboardingCompleted: true }), { from: '/app/profile/help' });
    await screen.findByRole('region', { name: '1. Тревожные сигналы' });
    await userEvent.click(button('Назад'));
    await waitFor(() => expect(currentPath()).toBe('/app/profile/help'));
  });

  it('a phone that cannot be dialled or a username that cannot be opened: a note and no link; the text stays', async () => {
    const user = userEvent.setup();
    keep({ plan: KEPT, revision: 1, unsaved: false });
    open();
    await user.click(await screen.findByRole('button', { name: 'Изменить: Специалисты и службы помощи' }));
    await user.click(button('Добавить специалиста'));
    await user.type(screen.getByRole('textbox', { name: 'Имя' }), 'Ольга Петровна');
    await user.type(screen.getByRole('textbox', { name: 'Телефон' }), 'по средам');
    await user.type(screen.getByRole('textbox', { name: 'Telegram' }), 'Ольга');
    expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveAccessibleDescription(
      'Похоже, это не номер телефона: позвонить по нему не получится.',
    );
    expect(screen.getByRole('textbox', { name: 'Telegram' })).toHaveAccessibleDescription(
      'Имя в Telegram пишется латиницей, от 5 символов: например, @vera_sister.',
    );
    expect(screen.queryByRole('link', { name: /Позвонить|Написать/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(save.mock.calls.at(-1)![0].plan.professionals).toEqual([
        { name: 'Ольга Петровна', phone: 'по средам', telegram: 'Ольга' },
      ]),
    );
  });
});

describe('without the server', { timeout: 30_000 }, () => {
  it('opens from the device: the plan, the note, the lines; edits kept there and sent when the server is back', async () => {
    const user = userEvent.setup();
    keep({ plan: KEPT, revision: 2, unsaved: false });
    load.mockRejectedValue(noServer());
    open();
    expect(await screen.findByRole('region', { name: '1. Тревожные сигналы' })).toHaveTextContent('Не могу уснуть');
    await waitFor(() =>
      expect(status()).toHaveTextContent('Нет связи с сервером. Показан план, сохранённый на этом устройстве.'),
    );
    expect(
      within(screen.getByRole('region', { name: 'Телефоны помощи' })).getByRole('link', { name: '112' }),
    ).toHaveAttribute('href', 'tel:112');

    await user.click(button('Изменить: Ради чего я живу'));
    await user.click(button('Добавить своё'));
    await user.type(screen.getByRole('textbox', { name: 'Ради чего я живу: пункт 2' }), 'Море');
    expect(stored()).toEqual({ plan: { ...KEPT, reasons: ['Дочь', 'Море'] }, revision: 2, unsaved: true });
    expect(status()).toHaveTextContent('Изменения сохранены на этом устройстве и отправятся, когда связь вернётся.');
    expect(save).not.toHaveBeenCalled();

    // The server is back: «Повторить» sends the edits with the revision they are based on.
    await user.click(button('Повторить'));
    await waitFor(() => expect(status()).toHaveTextContent('Сохранено'));
    expect(save).toHaveBeenCalledWith({ plan: { ...KEPT, reasons: ['Дочь', 'Море'] }, base_revision: 2 });
    expect(stored()).toEqual({ plan: { ...KEPT, reasons: ['Дочь', 'Море'] }, revision: 3, unsaved: false });
  });

  it('with nothing kept, says the plan has not loaded, still shows the lines, and lets a new plan be started', async () => {
    load.mockRejectedValue(noServer());
    open();
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Нет связи с сервером, и ваш план пока не загрузился. Телефоны помощи ниже работают всегда.',
      ),
    );
    expect(screen.getByRole('region', { name: 'Телефоны помощи' })).toBeInTheDocument();
    expect(button('Составить план')).toBeInTheDocument();
  });

  it.each(['network', 'other'] as const)(
    'a sign-in that failed (%s) still opens the plan from the launch user’s copy, and stays on it',
    async (kind) => {
      keep({ plan: KEPT, revision: 2, unsaved: false });
      load.mockRejectedValue(noServer());
      open(fakeAuthActor({ loadUser: failSignIn(kind), onboardingCompleted: true }));
      expect(await screen.findByRole('region', { name: '7. Ради чего я живу' })).toHaveTextContent('Дочь');
      expect(currentPath()).toBe('/app/safety-plan');
    },
  );

  it('while the sign-in is still waiting for the server, the plan already shows', async () => {
    keep({ plan: KEPT, revision: 2, unsaved: false });
    load.mockImplementation(never);
    open(fakeAuthActor({ loadUser: never }));
    expect(await screen.findByRole('region', { name: '1. Тревожные сигналы' })).toHaveTextContent('Не могу уснуть');
    expect(status()).toHaveTextContent('Загружаем план…');
  });

  it('a refused identity (401) goes to /init, and nothing of the plan shows', async () => {
    keep({ plan: KEPT, revision: 2, unsaved: false });
    open(fakeAuthActor({ loadUser: failSignIn('auth'), onboardingCompleted: true }));
    await waitFor(() => expect(currentPath()).toBe('/init?from=%2Fapp%2Fsafety-plan'));
    expect(await screen.findByRole('heading', { name: 'Ошибка авторизации' })).toBeInTheDocument();
    expect(screen.queryByText('Не могу уснуть')).not.toBeInTheDocument();
  });

  it('a shared device: another Telegram user’s copy never shows', async () => {
    keep(
      { plan: { ...emptyPlan(), reasons: ['Секрет Бориса'] }, revision: 4, unsaved: true },
      devicePlanStorageKey(77),
    );
    load.mockRejectedValue(noServer());
    open(fakeAuthActor({ loadUser: failSignIn('network'), onboardingCompleted: true }));
    expect(await screen.findByRole('button', { name: 'Составить план' })).toBeInTheDocument();
    expect(screen.queryByText('Секрет Бориса')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(devicePlanStorageKey(77))!)).toMatchObject({ unsaved: true }); // untouched
  });

  it.each([
    ['network', 'Нет соединения', true],
    ['other', 'Что-то пошло не так', true],
    ['auth', 'Ошибка авторизации', false],
  ] as const)('the %s error screen («%s») offers the plan: %s', async (kind, title, offered) => {
    renderWithProviders(<AppRoutes />, { path: '/init', actor: fakeAuthActor({ loadUser: failSignIn(kind) }) });
    await screen.findByRole('heading', { name: title });
    expect(
      screen.queryAllByRole('link', { name: 'Открыть план безопасности' }).map((a) => a.getAttribute('href')),
    ).toEqual(offered ? ['/app/safety-plan'] : []);
  });
});

describe('entry points', () => {
  it('help links to the plan, and back returns to help', async () => {
    renderWithProviders(<AppRoutes />, {
      path: '/app/profile/help',
      actor: signedIn(ANNA, { onboardingCompleted: true }),
    });
    const entry = await screen.findByRole('region', { name: 'План безопасности' });
    await userEvent.click(within(entry).getByRole('link', { name: 'Мой план безопасности' }));
    await screen.findByRole('button', { name: 'Составить план' });
    expect(currentPath()).toBe('/app/safety-plan');
    await userEvent.click(button('Назад'));
    await waitFor(() => expect(currentPath()).toBe('/app/profile/help'));
  });
});
