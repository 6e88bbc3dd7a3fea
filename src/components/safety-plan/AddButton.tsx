// «Добавить своё» / «Добавить человека»: a new empty item at the end of a step's list, which then takes focus (the
// list passes `listRef`; the new item's first field is found by `field`, a selector inside the last list item).
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { haptic } from '../../telegram/haptic';
import { Button } from '../Button';
import { PlusIcon } from '../chat/icons';

/** The list's ref, and `added()` to call when an item is added: after the next render its field has focus. */
export function useFocusAdded(count: number, field: string) {
  const listRef = useRef<HTMLOListElement>(null);
  const pending = useRef(false);
  useLayoutEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    listRef.current?.querySelector<HTMLElement>(`li:last-child ${field}`)?.focus();
  }, [count, field]);
  return { listRef: listRef as RefObject<HTMLOListElement>, added: () => (pending.current = true) };
}

export function AddButton({ label, disabled, onAdd }: { label: string; disabled: boolean; onAdd: () => void }) {
  return (
    <Button
      $variant="secondary"
      disabled={disabled}
      onClick={() => {
        haptic.tap();
        onAdd();
      }}
    >
      <PlusIcon /> {label}
    </Button>
  );
}
