// A running practice's controls: «Пауза» / «Продолжить» and «Завершить», and the question «Завершить практику?»
// (Завершить / Продолжить) that a deliberate stop asks. Paused or asked is the runner machine's state.
import styled from 'styled-components';
import { practicesCopy } from '../../copy/practices';
import { haptic } from '../../telegram/haptic';
import { Button } from '../Button';
import { ConfirmSheet } from '../ConfirmSheet';
import { Hint } from './RunnerParts';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  max-width: 420px;
  > * {
    flex: 1 1 120px;
  }
`;

export interface SessionControlsProps {
  paused: boolean;
  confirming: boolean;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

export function SessionControls({
  paused,
  confirming,
  onPause,
  onResume,
  onStop,
  onConfirm,
  onCancel,
}: SessionControlsProps) {
  const copy = practicesCopy.session;
  return (
    <>
      {paused && !confirming ? <Hint role="status">{copy.paused}</Hint> : null}
      <Row>
        <Button
          $variant="secondary"
          onClick={() => {
            haptic.tap();
            if (paused) onResume();
            else onPause();
          }}
        >
          {paused ? copy.resume : copy.pause}
        </Button>
        <Button $variant="secondary" onClick={onStop}>
          {copy.stop}
        </Button>
      </Row>
      <StopConfirm open={confirming} onConfirm={onConfirm} onCancel={onCancel} />
    </>
  );
}

/** «Завершить практику?» with «Завершить» (on to the rating) and «Продолжить». */
export function StopConfirm({
  open,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const copy = practicesCopy.session;
  return (
    <ConfirmSheet
      open={open}
      title={copy.stopTitle}
      text={copy.stopText}
      confirmLabel={copy.stopConfirm}
      cancelLabel={copy.stopCancel}
      confirmVariant="primary"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
