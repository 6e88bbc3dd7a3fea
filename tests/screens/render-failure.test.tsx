// A screen that cannot render — here its chunk fails to load, as after a deploy while the app was open — shows the
// generic failure screen of the route table (src/routes.tsx, decision 0282), not an empty page.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyPlan } from '../../contract/safety-plan-rules';
import { getSafetyPlan } from '../../src/api/safety-plan';
import { currentPath, renderApp, signedIn } from './render-app';

vi.mock('../../src/api/safety-plan');
vi.mock('../../src/screens/help/HelpScreen', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/HelpScreen-old.js');
});

afterEach(() => vi.restoreAllMocks());

const open = (path: string) =>
  renderApp(path, signedIn({ first_name: 'Анна', telegram_id: 42 }, { onboardingCompleted: true }));

describe('a screen that cannot render', () => {
  it('shows «Что-то пошло не так» with «Повторить», which reloads the app, and the way to the safety plan', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    open('/app/profile/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Что-то пошло не так' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Открыть план безопасности' })).toBeTruthy();

    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('renders afresh on another path: the plan opens from the failure screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getSafetyPlan).mockResolvedValue({ plan: emptyPlan(), revision: 0, updated_at: null });
    open('/app/profile/help');
    await userEvent.click(await screen.findByRole('link', { name: 'Открыть план безопасности' }));
    expect(await screen.findByRole('button', { name: 'Составить план' })).toBeTruthy();
    expect(currentPath()).toBe('/app/safety-plan');
    expect(screen.queryByRole('heading', { name: 'Что-то пошло не так' })).toBeNull();
  });
});
