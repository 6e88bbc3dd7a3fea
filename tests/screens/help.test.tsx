// The help screen (the real route table): the crisis lines first, as tap-to-call links, then the seven-question FAQ
// as an accessible accordion, the support contact from the server (or how else to reach a person), the version.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getTrialStatus } from '../../src/api/billing';
import { getSupport } from '../../src/api/help';
import { openExternal } from '../../src/telegram/links';
import { currentPath, renderApp, signedIn } from './render-app';

// Only the trial check (the profile, after «Назад»); the rest of billing as it was when it lived apart from it.
vi.mock('../../src/api/billing', async (actual) => ({
  ...(await actual<typeof import('../../src/api/billing')>()),
  getTrialStatus: vi.fn(),
}));
vi.mock('../../src/api/help');
vi.mock('../../src/api/settings');
vi.mock('../../src/telegram/links', () => ({ openDownload: vi.fn(), openExternal: vi.fn() }));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getSupport).mockResolvedValue({ support_url: 'https://t.me/help_desk' });
  vi.mocked(getTrialStatus).mockResolvedValue({ available: false, days: 7 }); // the profile, after «Назад»
});

const open = () =>
  renderApp('/app/profile/help', signedIn({ first_name: 'Анна', telegram_id: 42 }, { onboardingCompleted: true }));

describe('help', () => {
  it('seven questions, each a button that opens and closes its answer (aria-expanded, aria-controls)', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Помощь и поддержка' });
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions.map((q) => q.textContent)).toEqual([
      'Что это за приложение?',
      'Как хранятся и защищаются мои данные?',
      'Кто видит мои диалоги?',
      'Зачем хранится история?',
      'Можно ли удалить историю?',
      'Как работают подписки?',
      'Что делать, если совсем плохо?',
    ]);
    const storage = questions[1]!;
    const answer = document.getElementById(storage.getAttribute('aria-controls')!)!;
    expect(answer).not.toBeVisible();
    await userEvent.click(storage);
    expect(storage).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent('зашифрованными (AES-256-GCM)');
    await userEvent.click(questions[4]!); // another opens beside it
    expect(storage).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Можно ли удалить историю?' })).toHaveTextContent(
      'Отключить сохранение истории насовсем нельзя',
    );
    await userEvent.click(storage);
    expect(storage).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it('the crisis lines come first, unfolded, as tap-to-call links; the safety answer points to them', async () => {
    open();
    const lines = await screen.findByRole('region', { name: 'Если очень тяжело прямо сейчас' });
    // First on the page, before the questions.
    expect(lines.compareDocumentPosition(screen.getByRole('heading', { name: 'Частые вопросы' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const links = within(lines).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['+7 495 637-70-70', 'tel:+74956377070'],
      ['051', 'tel:051'],
      ['+7 495 051', 'tel:+7495051'],
      ['112', 'tel:112'],
      ['8-800-2000-122', 'tel:88002000122'],
      ['124', 'tel:124'],
    ]);
    // The children's line says whom it is for.
    expect(within(lines).getByText(/детский телефон доверия \(для детей, подростков и их родителей\)/)).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Что делать, если совсем плохо?' }));
    const answer = screen.getByRole('region', { name: 'Что делать, если совсем плохо?' });
    expect(answer).toHaveTextContent('позвоните по одному из номеров в начале этой страницы');
    expect(within(answer).queryAllByRole('link')).toEqual([]);
  });

  it('«Написать в поддержку» opens the server’s SUPPORT_URL through Telegram; the version is shown', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Написать в поддержку' }));
    expect(openExternal).toHaveBeenCalledWith('https://t.me/help_desk');
    expect(screen.getByText('Версия 1.0.0')).toBeInTheDocument();
  });

  it('without a support link (or when it cannot be loaded): how else to reach a person, and no dead button', async () => {
    vi.mocked(getSupport).mockRejectedValue(new Error('offline'));
    open();
    expect(await screen.findByText(/Контакт поддержки пока не указан/)).toHaveTextContent('/paysupport');
    expect(screen.queryByRole('button', { name: 'Написать в поддержку' })).not.toBeInTheDocument();
  });

  it('back goes to the profile', async () => {
    vi.mocked(getSupport).mockResolvedValue({ support_url: null });
    open();
    await userEvent.click(await screen.findByRole('button', { name: /Назад/ }));
    await waitFor(() => expect(currentPath()).toBe('/app/profile'));
  });
});
