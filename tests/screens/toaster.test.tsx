import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/App';
import { ToastHost } from '../../src/components/ToastHost';
import { toast, toastActor } from '../../src/ui/toast';

describe('toasts', () => {
  afterEach(() => act(() => toastActor.send({ type: 'DISMISS' })));

  it('shows the latest toast only (one at a time) and a tap dismisses it', async () => {
    render(
      <AppProviders>
        <ToastHost />
      </AppProviders>,
    );
    // Both live regions are there, empty, before the first toast (so the first one is announced too).
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    act(() => toast({ title: 'Успешно', description: 'Запись добавлена в дневник', variant: 'success' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Запись добавлена в дневник'));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    act(() => toast({ title: 'Ошибка', description: 'Не удалось создать запись', variant: 'destructive' }));
    // Destructive toasts go to the assertive region.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Не удалось создать запись'));
    await waitFor(() => expect(screen.queryByText('Запись добавлена в дневник')).not.toBeInTheDocument());

    // Top centre: a fixed full-width strip below the top inset that centres the toast.
    const area = getComputedStyle(screen.getByRole('alert').closest('[data-toast-area]')!);
    expect([area.position, area.left, area.right, area.display, area.justifyContent]).toEqual([
      'fixed',
      '0px',
      '0px',
      'flex',
      'center',
    ]);
    expect(area.top.replace(/\s+/g, ' ')).toMatch(
      /^calc\(calc\(max\(var\(--tg-viewport-safe-area-inset-top.*\+ 8px\)$/,
    );
    expect(area.bottom).toBe('');

    await userEvent.click(screen.getByText('Не удалось создать запись'));
    await waitFor(() => expect(screen.getByRole('alert')).toBeEmptyDOMElement());
    expect(toastActor.getSnapshot().matches('hidden')).toBe(true);
  });
});
