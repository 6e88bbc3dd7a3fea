// One message of the chat: the words (an assistant's with phone links), its ru-RU hh:mm, the suggestion card an
// assistant message may carry, and under a crisis reply the card into the safety plan. Memoised: a new message or a streamed word renders only what changed.
import { memo, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import type { ChatMessage } from '../../../contract/chat';
import { chatCopy } from '../../copy/chat';
import { VisuallyHidden } from '../VisuallyHidden';
import { formatClock } from './chatTime';
import { MessageText } from './MessageText';
import { DiarySuggestionCard, PracticeSuggestionCard, SafetyPlanCard } from './SuggestionCards';

const Row = styled.div<{ $mine: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: 100%;
`;

export const Bubble = styled.div<{ $mine: boolean }>`
  max-width: min(85%, 640px);
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.lg};
  white-space: pre-wrap;
  ${({ $mine, theme }) =>
    $mine
      ? css`
          border-bottom-right-radius: ${theme.radius.sm};
          background: ${theme.color.button};
          color: ${theme.color.buttonText};
        `
      : css`
          border-bottom-left-radius: ${theme.radius.sm};
          background: ${theme.color.secondaryBg};
          color: ${theme.color.text};
        `}
`;

const Time = styled.time<{ $mine: boolean }>`
  display: block;
  margin-top: 2px;
  text-align: right;
  font-size: ${({ theme }) => theme.font.size.caption};
  color: ${({ $mine, theme }) => ($mine ? theme.color.buttonText : theme.color.hint)};
`;

export interface MessageBubbleProps {
  message: ChatMessage;
  onPractice: (messageId: string) => void;
  onDiary: (messageId: string) => void;
  onSafetyPlan: () => void;
  /** The after-crisis window: a locked practice card sells nothing. */
  quiet: boolean;
  /** Under the message: «Сообщение не отправлено» with its resend. */
  footer?: ReactNode;
}

export const MessageBubble = memo(function MessageBubble({
  message,
  onPractice,
  onDiary,
  onSafetyPlan,
  quiet,
  footer,
}: MessageBubbleProps) {
  const mine = message.role === 'user';
  const meta = message.message_metadata;
  return (
    <Row $mine={mine} data-testid="chat-message" data-role={message.role}>
      <Bubble $mine={mine}>
        <VisuallyHidden>{mine ? chatCopy.session.you : chatCopy.session.assistant}: </VisuallyHidden>
        {mine ? message.content : <MessageText text={message.content} />}
        <Time $mine={mine} dateTime={message.created_at}>
          {formatClock(message.created_at)}
        </Time>
      </Bubble>
      {meta?.type === 'practice_suggestion' ? (
        <PracticeSuggestionCard suggestion={meta} quiet={quiet} onOpen={() => onPractice(message.id)} />
      ) : meta?.type === 'diary_suggestion' ? (
        <DiarySuggestionCard suggestion={meta} onCreate={() => onDiary(message.id)} />
      ) : null}
      {message.safety === 'crisis' || message.safety === 'crisis_brief' ? (
        <SafetyPlanCard onOpen={onSafetyPlan} />
      ) : null}
      {footer}
    </Row>
  );
});
