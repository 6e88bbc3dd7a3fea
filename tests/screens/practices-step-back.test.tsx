// Telegram's own Back inside a step practice, in a stand-in Telegram client (the webview proxy the mobile clients
// inject): on the second step it goes back a step as «Назад» does; on the first it leaves for the practice's page.
// The draft is kept either way.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitEvent, init } from '@telegram-apps/sdk';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { launchHash } from '../../server/start/telegram-launch';
import { listPractices } from '../../src/api/practices';
import { stepDraftStorageKey } from '../../src/screens/practices/steps/stepDraftStorage';
import { catalogue, renderAt, sessionState } from './practices-helpers';
import { currentPath } from './render-app';

vi.mock('../../src/api/practices');

type Host = Window & { TelegramWebviewProxy?: { postEvent(method: string, data?: string): void } };
const INIT_DATA =
  'query_id=AAE&user=%7B%22id%22%3A78%2C%22first_name%22%3A%22Anna%22%7D&auth_date=1700000000&signature=c2ln&hash=abc';
const USER = { first_name: 'Анна', telegram_id: 78 };

beforeAll(() => {
  window.history.replaceState(null, '', `/#${launchHash({ initData: INIT_DATA, platform: 'ios' })}`);
  (window as Host).TelegramWebviewProxy = { postEvent: () => undefined };
  init();
});
afterAll(() => {
  delete (window as Host).TelegramWebviewProxy;
});

it('Back on the second step goes to the first (answers kept); on the first it leaves, the draft kept', async () => {
  vi.mocked(listPractices).mockResolvedValue(catalogue());
  await renderAt('/app/practices/goal_shift/session', sessionState('goal_shift'), USER);
  await screen.findByText('Какая задача даётся с трудом?');
  await userEvent.type(screen.getByLabelText('Задача'), 'Отчёт');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await screen.findByRole('radiogroup', { name: 'Состояние' });

  act(() => emitEvent('back_button_pressed'));
  expect(await screen.findByText('Какая задача даётся с трудом?')).toBeInTheDocument();
  expect(screen.getByLabelText('Задача')).toHaveValue('Отчёт');
  expect(currentPath()).toBe('/app/practices/goal_shift/session');

  act(() => emitEvent('back_button_pressed'));
  expect(currentPath()).toBe('/app/practices/goal_shift');
  const drafts = JSON.parse(localStorage.getItem(stepDraftStorageKey(USER.telegram_id)) ?? '[]') as Array<{
    answers: { task: string };
  }>;
  expect(drafts.map((d) => d.answers.task)).toEqual(['Отчёт']);
});
