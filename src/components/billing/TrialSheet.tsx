// The trial's sheet: what PREMIUM adds, «Начать пробный период» («Активация...» while it runs) and «Позже». A failed
// activation is said here, in the server's words or «Не удалось активировать триал». The sheet cannot be closed
// while the activation runs (its answer decides what the profile shows).
import styled from 'styled-components';
import { trialCopy } from '../../copy/billing';
import { BottomSheet } from '../BottomSheet';
import { Button } from '../Button';
import { SheetBody, SheetNote } from '../SheetBody';

const Body = styled(SheetBody)`
  ul {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(5)};
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(1)};
  }
`;

const Failure = styled.p`
  color: ${({ theme }) => theme.color.destructive};
`;

export interface TrialSheetProps {
  open: boolean;
  activating: boolean;
  failed: boolean;
  /** The server's words for the failure; null: the fallback. */
  detail: string | null;
  onActivate: () => void;
  onDismiss: () => void;
}

export function TrialSheet({ open, activating, failed, detail, onActivate, onDismiss }: TrialSheetProps) {
  const dismiss = () => {
    if (!activating) onDismiss();
  };
  return (
    <BottomSheet open={open} onClose={dismiss} label={trialCopy.sheetTitle}>
      <Body>
        <h2>{trialCopy.sheetTitle}</h2>
        <ul>
          {trialCopy.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
        <SheetNote>{trialCopy.note}</SheetNote>
        {failed ? <Failure role="alert">{detail ?? trialCopy.failed}</Failure> : null}
        <Button $block onClick={onActivate} aria-disabled={activating} aria-busy={activating}>
          {activating ? trialCopy.activating : trialCopy.start}
        </Button>
        <Button $block $variant="plain" onClick={dismiss} aria-disabled={activating}>
          {trialCopy.later}
        </Button>
      </Body>
    </BottomSheet>
  );
}
