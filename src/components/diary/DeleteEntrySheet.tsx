// «Удалить запись?»: the entry goes for good; «Удалить» (busy while it goes) or «Отмена».
import { diaryCopy } from '../../copy/diary';
import { BottomSheet } from '../BottomSheet';
import { Button } from '../Button';
import { SheetBody, SheetNote } from '../SheetBody';

const copy = diaryCopy.deleteSheet;

export function DeleteEntrySheet(props: {
  open: boolean;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = () => {
    if (!props.deleting) props.onCancel();
  };
  return (
    <BottomSheet open={props.open} onClose={cancel} label={copy.title}>
      <SheetBody $center>
        <h2>{copy.title}</h2>
        <SheetNote>{copy.text}</SheetNote>
        <Button
          $variant="destructive"
          $block
          onClick={props.onConfirm}
          aria-busy={props.deleting}
          aria-disabled={props.deleting}
        >
          {props.deleting ? copy.deleting : copy.confirm}
        </Button>
        <Button $block $variant="plain" onClick={cancel} aria-disabled={props.deleting}>
          {copy.cancel}
        </Button>
      </SheetBody>
    </BottomSheet>
  );
}
