import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { onboardingCopy } from '../../src/copy/onboarding';
import { currentPath, renderApp, signedIn } from './render-app';

const slideTitle = (i: 0 | 1 | 2) => onboardingCopy.slides[i].title;

async function openOnboarding() {
  renderApp('/onboarding', signedIn());
  expect(await screen.findByRole('heading', { name: slideTitle(0) })).toBeInTheDocument();
}

describe('onboarding', () => {
  beforeEach(() => localStorage.clear());

  it('walks three slides with «Далее», the last says «Начать»; finishing stores completion and goes home', async () => {
    await openOnboarding();
    expect(screen.getByRole('button', { name: 'Пропустить' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByRole('heading', { name: slideTitle(1) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Пропустить' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByRole('heading', { name: slideTitle(2) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Пропустить' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Далее' })).not.toBeInTheDocument();
    expect(localStorage.getItem('onboarding_completed')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Начать' }));
    await waitFor(() => expect(currentPath()).toBe('/app/home'));
    expect(localStorage.getItem('onboarding_completed')).toBe('true');
  });

  it.each([0, 1, 2] as const)('skipping on slide %i stores completion and goes home', async (slide) => {
    await openOnboarding();
    for (let i = 0; i < slide; i += 1) await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByRole('heading', { name: slideTitle(slide) })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Пропустить' }));
    await waitFor(() => expect(currentPath()).toBe('/app/home'));
    expect(localStorage.getItem('onboarding_completed')).toBe('true');
    expect(await screen.findByText('Как вы себя чувствуете сегодня?')).toBeInTheDocument();
  });
});
