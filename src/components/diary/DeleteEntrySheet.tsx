// «Удалить запись?»: the entry goes for good; «Удалить» (busy while it goes) or «Отмена».
import { diaryCopy } from '../../copy/diary';
import { ConfirmSheet } from '../ConfirmSheet';

const copy = diaryCopy.deleteSheet;

export function DeleteEntrySheet(props: {
  open: boolean;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmSheet
      open={props.open}
      title={copy.title}
      text={copy.text}
      confirmLabel={copy.confirm}
      cancelLabel={copy.cancel}
      busy={props.deleting}
      busyLabel={copy.deleting}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    />
  );
}
