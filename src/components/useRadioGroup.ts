import { useRef, type KeyboardEvent } from 'react';

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * A radio group on plain buttons, as the WAI-ARIA radio pattern wants it: one tab stop (the checked option, else
 * the first), arrow keys move and choose (wrapping), Home/End go to the ends. `clearable`: choosing the checked
 * option again clears it (mood is optional). Used by the mood picker; meant for the practice rating stars too:
 *
 * ```tsx
 * const radio = useRadioGroup({ values: [1, 2, 3, 4, 5], value: rating, onChange: setRating });
 * <div {...radio.group} aria-label="Оценка">
 *   {[1, 2, 3, 4, 5].map((n, i) => <button key={n} {...radio.option(i)} aria-label={labels[n]}>★</button>)}
 * </div>
 * ```
 */
export function useRadioGroup<T>(props: {
  values: readonly T[];
  value: T | null;
  onChange: (value: T | null) => void;
  clearable?: boolean;
  disabled?: boolean;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const checked = props.value === null ? -1 : props.values.indexOf(props.value);
  const count = props.values.length;

  const choose = (index: number) => {
    buttons.current[index]?.focus();
    if (index !== checked) props.onChange(props.values[index]!);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    let next: number;
    if (NEXT.has(event.key)) next = (index + 1) % count;
    else if (PREVIOUS.has(event.key)) next = (index - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    else return;
    event.preventDefault();
    choose(next);
  };

  return {
    group: { role: 'radiogroup' as const, 'aria-disabled': props.disabled || undefined },
    option: (index: number) => ({
      type: 'button' as const,
      role: 'radio' as const,
      'aria-checked': index === checked,
      tabIndex: index === (checked === -1 ? 0 : checked) ? 0 : -1,
      disabled: props.disabled,
      ref: (el: HTMLButtonElement | null) => {
        buttons.current[index] = el;
      },
      onKeyDown: onKeyDown(index),
      onClick: () => {
        if (index !== checked) props.onChange(props.values[index]!);
        else if (props.clearable) props.onChange(null);
      },
    }),
  };
}
