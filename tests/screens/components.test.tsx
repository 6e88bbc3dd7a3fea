import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/App';
import { BottomSheet } from '../../src/components/BottomSheet';
import { Chip } from '../../src/components/Chip';
import { EmptyState } from '../../src/components/EmptyState';
import { ErrorState } from '../../src/components/ErrorState';
import { MoodPicker, moodOptions } from '../../src/components/MoodPicker';

import { MOODS } from '../../contract/constants';

describe('shared presentational parts', () => {
  it('ErrorState shows the message and retries only when a retry is given', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <AppProviders>
        <ErrorState message="Не удалось загрузить данные" retryLabel="Повторить" onRetry={onRetry} />
      </AppProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить данные');
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(
      <AppProviders>
        <ErrorState message="Не удалось загрузить данные" />
      </AppProviders>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('EmptyState and Chip render their content and state', () => {
    render(
      <AppProviders>
        <EmptyState title="Пока пусто" text="Здесь появятся записи" />
        <Chip $selected>Все</Chip>
        <Chip>Избранное</Chip>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Пока пусто' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Все' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Избранное' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('BottomSheet renders nothing until first opened, then opens as a dialog and the backdrop closes it', async () => {
    const onClose = vi.fn();
    const sheet = (open: boolean) => (
      <AppProviders>
        <BottomSheet open={open} label="Пробный период" onClose={onClose}>
          <p>Содержимое</p>
        </BottomSheet>
      </AppProviders>
    );
    const { container, rerender } = render(sheet(false));
    expect(container).toBeEmptyDOMElement();
    rerender(sheet(true));
    const dialog = await screen.findByRole('dialog', { name: 'Пробный период' });
    expect(dialog).toHaveTextContent('Содержимое');
    await userEvent.click(dialog.previousElementSibling as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(sheet(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('mood options follow the contract MOODS order with the spec labels', () => {
    expect(moodOptions.map((o) => o.value)).toEqual([...MOODS]);
    expect(moodOptions.map((o) => o.label)).toEqual(['Очень плохое', 'Плохое', 'Нейтральное', 'Хорошее', 'Отличное']);
  });

  it('MoodPicker: a named radio group; choosing reports the mood, choosing the selected one clears it', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <AppProviders>
        <MoodPicker value={null} label="Настроение" onChange={onChange} />
      </AppProviders>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Настроение' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(screen.getByRole('radio', { name: 'Плохое' }));
    expect(onChange).toHaveBeenLastCalledWith('bad');
    rerender(
      <AppProviders>
        <MoodPicker value="bad" label="Настроение" onChange={onChange} disabled />
      </AppProviders>,
    );
    expect(screen.getByRole('radio', { name: 'Плохое' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Плохое' })).toBeDisabled();
    rerender(
      <AppProviders>
        <MoodPicker value="bad" label="Настроение" onChange={onChange} />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Плохое' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
