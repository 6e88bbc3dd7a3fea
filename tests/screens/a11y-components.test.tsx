// The reusable accessibility parts in jsdom: useRadioGroup (keyboard, one tab stop, clearing), the bottom sheet's
// modal focus (focus in, Tab cycles, Escape closes, focus back to the opener) and the icon-only favourite star's
// Russian name.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/App';
import { BottomSheet } from '../../src/components/BottomSheet';
import { FavoriteStar } from '../../src/components/diary/FavoriteStar';
import { MoodPicker } from '../../src/components/MoodPicker';
import { useRadioGroup } from '../../src/components/useRadioGroup';

const LABELS = ['Совсем не помогло', 'Помогло слабо', 'Нормально', 'Хорошо помогло', 'Отлично помогло!'];

/** What the practice rating will look like: five stars as a radio group. */
function Rating(props: { onChange?: (n: number | null) => void; clearable?: boolean }) {
  const [value, setValue] = useState<number | null>(null);
  const radio = useRadioGroup({
    values: [1, 2, 3, 4, 5],
    value,
    clearable: props.clearable,
    onChange: (n) => {
      setValue(n);
      props.onChange?.(n);
    },
  });
  return (
    <div {...radio.group} aria-label="Оценка">
      {LABELS.map((label, i) => (
        <button key={label} {...radio.option(i)} aria-label={label}>
          ★
        </button>
      ))}
    </div>
  );
}

const tabStops = () => screen.getAllByRole('radio').map((r) => r.getAttribute('tabindex'));

describe('useRadioGroup', () => {
  it('one tab stop (the first while none is chosen); arrows move and choose, wrap, Home/End go to the ends', async () => {
    const onChange = vi.fn();
    render(<Rating onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Оценка' })).toBeInTheDocument();
    expect(tabStops()).toEqual(['0', '-1', '-1', '-1', '-1']);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Совсем не помогло' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled(); // focusing does not choose

    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('radio', { name: 'Помогло слабо' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Помогло слабо' })).toHaveAttribute('aria-checked', 'true');
    expect(tabStops()).toEqual(['-1', '0', '-1', '-1', '-1']);

    await userEvent.keyboard('{ArrowUp}{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith(5); // 2 → 1 → wraps to 5
    await userEvent.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith(1);
    await userEvent.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith(5);
    await userEvent.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('radio', { name: 'Совсем не помогло' })).toHaveFocus();
  });

  it('choosing the checked option again keeps it, unless clearable', async () => {
    const onChange = vi.fn();
    const { unmount } = render(<Rating onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Нормально' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Нормально' }));
    expect(onChange.mock.calls).toEqual([[3]]);
    unmount();

    onChange.mockClear();
    render(<Rating onChange={onChange} clearable />);
    await userEvent.click(screen.getByRole('radio', { name: 'Нормально' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Нормально' }));
    expect(onChange.mock.calls).toEqual([[3], [null]]);
    expect(tabStops()).toEqual(['0', '-1', '-1', '-1', '-1']);
  });

  it('the mood picker keeps its second-tap clear and answers arrow keys', async () => {
    const onChange = vi.fn();
    render(
      <AppProviders>
        <MoodPicker value="neutral" label="Настроение" onChange={onChange} />
      </AppProviders>,
    );
    const neutral = screen.getByRole('radio', { name: 'Нейтральное' });
    expect(neutral).toHaveAttribute('tabindex', '0');
    neutral.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('good');
    await userEvent.click(neutral);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

function SheetWithOpener() {
  const [open, setOpen] = useState(false);
  return (
    <AppProviders>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <button type="button">Снаружи</button>
      <BottomSheet open={open} label="Дневник недоступен" onClose={() => setOpen(false)}>
        <button type="button">Улучшить тариф</button>
        <button type="button" onClick={() => setOpen(false)}>
          Позже
        </button>
      </BottomSheet>
    </AppProviders>
  );
}

describe('the bottom sheet is a modal dialog', () => {
  it('focus moves in, Tab and Shift+Tab stay inside, Escape closes and focus returns to the opener', async () => {
    render(<SheetWithOpener />);
    const opener = screen.getByRole('button', { name: 'Открыть' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Дневник недоступен' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // First its «Закрыть» (a screen reader on a phone has no Escape key), then the sheet's own buttons, round.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveFocus());
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Улучшить тариф' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Позже' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Позже' })).toHaveFocus();
    // Focus sent outside (a tap on the page behind) comes back in.
    act(() => screen.getByRole('button', { name: 'Снаружи' }).focus());
    expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('icon-only buttons', () => {
  it('the favourite star is named in Russian for what a tap does, and says whether it is on', () => {
    const { rerender } = render(
      <AppProviders>
        <FavoriteStar on={false} busy={false} onToggle={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Добавить в избранное' })).toHaveAttribute('aria-pressed', 'false');
    rerender(
      <AppProviders>
        <FavoriteStar on busy={false} onToggle={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Убрать из избранного' })).toHaveAttribute('aria-pressed', 'true');
  });
});
