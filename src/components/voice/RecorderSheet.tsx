// The voice recording sheet: while recording, a timer, five bars following the voice and the stop button with its
// hint «Нажмите чтобы остановить»; then «Распознаём речь…»; or why it did not work, with a way to try again. Its
// close button («Отменить запись»), Escape and leaving the chat cancel without sending anything; a tap beside
// the sheet does not (it would throw a recording away). A modal dialog: focus moves in, stays in and comes back.
import { useId } from 'react';
import styled from 'styled-components';
import type { RecorderError, VoiceRecorderStatus } from '../../../machines/voice/voice-recorder.machine';
import { a11yCopy } from '../../copy/a11y';
import { voiceCopy } from '../../copy/voice';
import { formatClock } from '../../lib/clock';
import { BottomSheet } from '../BottomSheet';
import { Button } from '../Button';
import { Spinner } from '../Spinner';
import { LevelBars } from './LevelBars';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding-bottom: ${({ theme }) => theme.space(2)};
  text-align: center;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Clock = styled.p`
  margin: 0;
  font-variant-numeric: tabular-nums;
  span:first-child {
    font-size: ${({ theme }) => theme.font.size.xl};
    font-weight: 600;
  }
  span:last-child {
    margin-left: ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.color.hint};
  }
`;

const Stop = styled.button`
  width: 72px;
  height: 72px;
  display: grid;
  place-items: center;
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.destructive};
  &[aria-disabled='true'] {
    opacity: 0.5;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.button};
    outline-offset: 3px;
  }
  /* The square of a stop sign, in the page's background colour. */
  span {
    width: 24px;
    height: 24px;
    border-radius: 4px;
    background: ${({ theme }) => theme.color.bg};
  }
`;

const Note = styled.p<{ $muted?: boolean }>`
  margin: 0;
  color: ${({ theme, $muted }) => ($muted ? theme.color.hint : theme.color.text)};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  align-self: stretch;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface RecorderSheetProps {
  open: boolean;
  status: VoiceRecorderStatus;
  elapsedSeconds: number;
  maxSeconds: number;
  levels: readonly number[];
  error: RecorderError | null;
  /** The server's words for a recording it could not use. */
  errorDetail: string | null;
  canStop: boolean;
  canRetry: boolean;
  canResend: boolean;
  onStop: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onResend: () => void;
}

export function RecorderSheet(props: RecorderSheetProps) {
  return (
    <BottomSheet
      open={props.open}
      onClose={props.onCancel}
      label={voiceCopy.title}
      closeLabel={voiceCopy.cancel}
      closeOnBackdrop={false}
    >
      <Body>
        <Title>{voiceCopy.title}</Title>
        <RecorderBody {...props} />
      </Body>
    </BottomSheet>
  );
}

function RecorderBody(props: RecorderSheetProps) {
  const hintId = useId();
  switch (props.status) {
    case 'recording':
    case 'stopping':
      return (
        <>
          <Clock>
            <span role="timer" aria-label={voiceCopy.timer}>
              {formatClock(props.elapsedSeconds)}
            </span>
            <span>
              {voiceCopy.of} {formatClock(props.maxSeconds)}
            </span>
          </Clock>
          <LevelBars levels={props.levels} />
          <Stop
            type="button"
            aria-label={a11yCopy.stopRecording}
            aria-describedby={hintId}
            aria-disabled={!props.canStop}
            onClick={props.canStop ? props.onStop : undefined}
          >
            <span aria-hidden />
          </Stop>
          <Note id={hintId} $muted>
            {voiceCopy.stopHint}
          </Note>
        </>
      );
    case 'opening':
    case 'processing':
      return (
        <>
          <Spinner />
          <Note role="status">{props.status === 'opening' ? voiceCopy.opening : voiceCopy.processing}</Note>
        </>
      );
    case 'unsent':
      return (
        <>
          <Note role="alert">{voiceCopy.unsent}</Note>
          <Note $muted>{voiceCopy.unsentHint}</Note>
          <Actions>
            <Button $block onClick={props.onResend} aria-disabled={!props.canResend}>
              {voiceCopy.resend}
            </Button>
            <Button $block $variant="secondary" onClick={props.onRetry}>
              {voiceCopy.recordAnew}
            </Button>
          </Actions>
        </>
      );
    default: {
      const hint = props.error ? (voiceCopy.hints as Partial<Record<RecorderError, string>>)[props.error] : undefined;
      return props.error ? (
        <>
          <Note role="alert">{props.errorDetail ?? voiceCopy.errors[props.error]}</Note>
          {hint ? <Note $muted>{hint}</Note> : null}
          {props.canRetry ? (
            <Actions>
              <Button $block onClick={props.onRetry}>
                {voiceCopy.retry}
              </Button>
            </Actions>
          ) : null}
        </>
      ) : null;
    }
  }
}
