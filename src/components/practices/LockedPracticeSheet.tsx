// «Продвинутая практика»: the practice is open on PRO and PREMIUM. «Улучшить тариф» goes to the plans, «Позже»
// closes. Used by the list and the detail page (their machines decide when it is open).
import styled from 'styled-components';
import { practicesCopy } from '../../copy/practices';
import { BottomSheet } from '../BottomSheet';
import { Button } from '../Button';
import { LockIcon } from '../icons';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 520px;
  margin: 0 auto;
  text-align: center;
  > svg {
    color: ${({ theme }) => theme.color.button};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.subtitle};
  }
`;

export interface LockedPracticeSheetProps {
  open: boolean;
  /** The practice's name; kept while the sheet slides away. */
  practiceName: string;
  onUpgrade: () => void;
  onDismiss: () => void;
}

export function LockedPracticeSheet({ open, practiceName, onUpgrade, onDismiss }: LockedPracticeSheetProps) {
  const copy = practicesCopy.lockedDialog;
  return (
    <BottomSheet open={open} onClose={onDismiss} label={copy.title}>
      <Body>
        <LockIcon />
        <h2>{copy.title}</h2>
        <p>{copy.text(practiceName)}</p>
        <Button $block onClick={onUpgrade}>
          {copy.upgrade}
        </Button>
        <Button $block $variant="plain" onClick={onDismiss}>
          {copy.later}
        </Button>
      </Body>
    </BottomSheet>
  );
}
