// The message box: grows with its text up to 120 px (then scrolls), Enter sends, Shift+Enter starts a new line;
// the microphone while it is empty, the send button otherwise.
import { useId, useLayoutEffect, useRef, type RefObject } from 'react';
import styled from 'styled-components';
import { CHAT_CONTENT_MAX } from '../../../contract/constants';
import { a11yCopy } from '../../copy/a11y';
import { chatCopy } from '../../copy/chat';
import { IconButton } from '../IconButton';
import { VisuallyHidden } from '../VisuallyHidden';
import { MicIcon, SendIcon } from './icons';

/** The spec's tallest text box; beyond it the text scrolls inside. */
export const COMPOSER_MAX_HEIGHT_PX = 120;

const Form = styled.form`
  flex: none;
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-top: 1px solid ${({ theme }) => theme.color.separator};
  background: ${({ theme }) => theme.color.bg};
`;

const Box = styled.textarea`
  flex: 1;
  min-width: 0;
  /* One line always fits, whatever the text size (the measured height may be from another size). */
  min-height: calc(1.35em + 20px);
  max-height: ${COMPOSER_MAX_HEIGHT_PX}px;
  padding: 10px 14px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.secondaryBg};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  line-height: 1.35;
  resize: none;
  overflow-y: auto;
  outline: none;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.button};
    outline-offset: 0;
  }
  &::placeholder {
    color: ${({ theme }) => theme.color.hint};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

const Send = styled(IconButton)`
  color: ${({ theme }) => theme.color.buttonText};
  background: ${({ theme }) => theme.color.button};
  &[aria-disabled='true'] {
    opacity: 0.5;
  }
`;

export interface ComposerProps {
  text: string;
  editable: boolean;
  canSend: boolean;
  showMic: boolean;
  /** Why sending is not possible right now (read by screen readers on the send button). */
  blockedReason?: string | null;
  onChange: (value: string) => void;
  onSend: () => void;
  onMic: () => void;
  /** The text box, for the screen to focus (after recognised speech lands in it). */
  boxRef?: RefObject<HTMLTextAreaElement | null>;
}

export function Composer({
  text,
  editable,
  canSend,
  showMic,
  blockedReason,
  onChange,
  onSend,
  onMic,
  boxRef,
}: ComposerProps) {
  const own = useRef<HTMLTextAreaElement>(null);
  const box = boxRef ?? own;
  const reasonId = useId();
  // Grow with the text: measure from one line each time, so it also shrinks when text is deleted.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, COMPOSER_MAX_HEIGHT_PX)}px`;
  }, [text, box]);
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <Box
        ref={box}
        rows={1}
        value={text}
        maxLength={CHAT_CONTENT_MAX}
        disabled={!editable}
        aria-label={chatCopy.session.inputLabel}
        placeholder={chatCopy.session.placeholder}
        enterKeyHint="send"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          // Enter sends, Shift+Enter is a new line; never while an input method is composing a word.
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSend();
          }
        }}
      />
      {showMic ? (
        <IconButton label={a11yCopy.mic} onClick={onMic} disabled={!editable}>
          <MicIcon />
        </IconButton>
      ) : (
        <Send
          type="submit"
          label={a11yCopy.send}
          aria-disabled={!canSend}
          aria-describedby={!canSend && blockedReason ? reasonId : undefined}
        >
          <SendIcon />
        </Send>
      )}
      {!canSend && blockedReason && !showMic ? <VisuallyHidden id={reasonId}>{blockedReason}</VisuallyHidden> : null}
    </Form>
  );
}
