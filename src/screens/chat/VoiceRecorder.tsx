// The chat's voice recorder sheet, bound to the recorder the session runs while it is open (its own view model, so
// the bars and the timer re-render the sheet only, never the chat). Haptics on the taps that decide something.
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { voiceRecorderView, type voiceRecorderMachine } from '../../../machines/voice/voice-recorder.machine';
import { RecorderSheet } from '../../components/voice/RecorderSheet';
import { haptic } from '../../telegram/haptic';

export type Recorder = ActorRefFrom<typeof voiceRecorderMachine>;

/** Rendered while the session runs a recorder; it closes (with focus back where it was) when the recorder ends. */
export default function VoiceRecorder({ recorder }: { recorder: Recorder }) {
  const view = useSelector(recorder, voiceRecorderView, shallowEqual);
  return (
    <RecorderSheet
      open
      {...view}
      onStop={() => {
        haptic.tap();
        recorder.send({ type: 'STOP' });
      }}
      onCancel={() => recorder.send({ type: 'CANCEL' })}
      onRetry={() => {
        haptic.tap();
        recorder.send({ type: 'START' });
      }}
      onResend={() => {
        haptic.tap();
        recorder.send({ type: 'RESEND' });
      }}
    />
  );
}
