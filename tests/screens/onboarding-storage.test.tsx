// Storage that throws (private mode, full quota) changes nothing visible: onboarding still ends on home,
// and a remount within the session (a new auth actor reading storage again, as after a reload) stays there.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onboardingCopy } from '../../src/copy/onboarding';
import { STORAGE_KEYS, safeStorage } from '../../src/telegram/storage';
import { currentPath, fakeAuthActor, renderApp } from './render-app';

const HOME_PROMPT = 'Как вы себя чувствуете сегодня?';

describe('onboarding when localStorage throws', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
    safeStorage.remove(STORAGE_KEYS.onboardingCompleted); // forget what an earlier case of this file completed
  });

  it.each([
    ['«Пропустить»', async () => userEvent.click(screen.getByRole('button', { name: onboardingCopy.skip }))],
    [
      '«Далее», «Далее», «Начать»',
      async () => {
        await userEvent.click(screen.getByRole('button', { name: onboardingCopy.next }));
        await userEvent.click(await screen.findByRole('button', { name: onboardingCopy.next }));
        await userEvent.click(await screen.findByRole('button', { name: onboardingCopy.start }));
      },
    ],
  ])('%s reaches home, and a remount in the same session stays signed in and onboarded', async (_how, complete) => {
    const first = renderApp('/init', fakeAuthActor({}));
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
    await screen.findByRole('heading', { name: onboardingCopy.slides[0].title });
    await complete();
    await waitFor(() => expect(currentPath()).toBe('/app/home'));
    expect(await screen.findByText(HOME_PROMPT)).toBeInTheDocument();
    expect(Storage.prototype.setItem).toHaveBeenCalledWith(STORAGE_KEYS.onboardingCompleted, 'true'); // it was tried
    first.unmount();

    // Like a reload without leaving the tab: a new app-wide actor reads the completion again.
    renderApp('/init', fakeAuthActor({}));
    await waitFor(() => expect(currentPath()).toBe('/app/home'));
    expect(await screen.findByText(HOME_PROMPT)).toBeInTheDocument();
  });
});
