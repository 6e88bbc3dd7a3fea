// «Удалить запись?»: the entry goes for good; «Удалить» (busy while it goes) or «Отмена».
import styled from 'styled-components';
import { diaryCopy } from '../../copy/diary';
import { BottomSheet } from '../BottomSheet';
import { Button } from '../Button';

const copy = diaryCopy.deleteSheet;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 520px;
  margin: 0 auto;
  text-align: center;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.subtitle};
  }
`;

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
      <Body>
        <h2>{copy.title}</h2>
        <p>{copy.text}</p>
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
      </Body>
    </BottomSheet>
  );
}
