// A short question in a bottom sheet before something that cannot be undone: the title, what it means, the
// destructive choice (busy while it happens, if it takes a request) and the way back, which Escape and the backdrop
// take too — except while busy.
import { BottomSheet } from './BottomSheet';
import { Button } from './Button';
import { SheetBody, SheetNote } from './SheetBody';

export interface ConfirmSheetProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is under way: the buttons wait (aria-disabled keeps their focus). */
  busy?: boolean;
  busyLabel?: string;
  /** The confirming button's look: destructive (default) for what cannot be undone, primary for what is not harmful. */
  confirmVariant?: 'destructive' | 'primary';
}

export function ConfirmSheet({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  busyLabel,
  confirmVariant = 'destructive',
}: ConfirmSheetProps) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <BottomSheet open={open} onClose={cancel} label={title}>
      <SheetBody $center>
        <h2>{title}</h2>
        <SheetNote>{text}</SheetNote>
        <Button $variant={confirmVariant} $block onClick={onConfirm} aria-busy={busy} aria-disabled={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
        <Button $block $variant="plain" onClick={cancel} aria-disabled={busy}>
          {cancelLabel}
        </Button>
      </SheetBody>
    </BottomSheet>
  );
}
