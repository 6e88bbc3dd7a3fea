// «Удалить все мои данные»: what goes, what stays, and the word to type before «Удалить навсегда» is allowed.
import { useId } from 'react';
import styled from 'styled-components';
import { myDataCopy } from '../../copy/privacy';
import { BottomSheet } from '../BottomSheet';
import { Button } from '../Button';
import { SheetBody, SheetNote } from '../SheetBody';

const copy = myDataCopy.sheet;

const Body = styled(SheetBody)`
  label {
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.color.hint};
  }
  input {
    width: 100%;
    padding: 12px 14px;
    border: 0;
    border-radius: ${({ theme }) => theme.radius.md};
    font: inherit;
    font-size: ${({ theme }) => theme.font.size.md};
    background: ${({ theme }) => theme.color.secondaryBg};
    color: ${({ theme }) => theme.color.text};
  }
`;

export function EraseSheet(props: {
  open: boolean;
  typed: string;
  canErase: boolean;
  erasing: boolean;
  onType: (text: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const cancel = () => {
    if (!props.erasing) props.onCancel();
  };
  return (
    <BottomSheet open={props.open} onClose={cancel} label={copy.title}>
      <Body>
        <h2>{copy.title}</h2>
        <p>{copy.gone}</p>
        <p>{copy.paid}</p>
        <SheetNote>{copy.stays}</SheetNote>
        <label htmlFor={id} id={`${id}-why`}>
          {copy.prompt}
        </label>
        <input
          id={id}
          value={props.typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={props.erasing}
          onChange={(e) => props.onType(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && props.canErase) props.onConfirm();
          }}
        />
        <Button
          $variant="destructive"
          $block
          disabled={!props.canErase && !props.erasing}
          aria-describedby={props.canErase ? undefined : `${id}-why`}
          aria-busy={props.erasing}
          onClick={props.onConfirm}
        >
          {props.erasing ? copy.erasing : copy.confirm}
        </Button>
        <Button $block $variant="plain" onClick={cancel} aria-disabled={props.erasing}>
          {copy.cancel}
        </Button>
      </Body>
    </BottomSheet>
  );
}
