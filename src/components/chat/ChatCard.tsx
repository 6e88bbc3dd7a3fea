// One chat in the list: its topic (the link, stretched over the card), the last activity, the last message or
// 'Новый чат', and a delete button beside the link (a button must not sit inside a link). Memoised: appending a
// page passes the same chat objects and stable callbacks, so the cards already shown do not re-render.
import { memo } from 'react';
import styled from 'styled-components';
import type { Chat } from '../../../contract/chat';
import { paths } from '../../../machines/paths';
import { chatCopy } from '../../copy/chat';
import { IconButton } from '../IconButton';
import { StretchedLink } from '../StretchedLink';
import { chatTimeLabel } from './chatTime';
import { TrashIcon } from './icons';

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  content-visibility: auto;
  contain-intrinsic-size: auto 110px;
  &:has(a:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.button};
  }
  &[aria-busy='true'] {
    opacity: 0.5;
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  margin-right: -${({ theme }) => theme.space(2)};
`;

const Topic = styled.h2`
  flex: 1;
  min-width: 0;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: 600;
`;

const Side = styled.div`
  position: relative;
  z-index: 1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

const Time = styled.time`
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.xs};
  white-space: nowrap;
`;

const Preview = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

export interface ChatCardProps {
  chat: Chat;
  now: Date;
  deleting: boolean;
  canDelete: boolean;
  onDelete: (id: string) => void;
}

export const ChatCard = memo(function ChatCard({ chat, now, deleting, canDelete, onDelete }: ChatCardProps) {
  const at = chat.last_message_at ?? chat.updated_at;
  return (
    <Card data-testid="chat-card" aria-busy={deleting}>
      <Head>
        <Topic>
          <StretchedLink to={paths.chat(chat.id)}>{chat.topic}</StretchedLink>
        </Topic>
        <Side>
          <Time dateTime={at}>{chatTimeLabel(at, now)}</Time>
          <IconButton
            label={chatCopy.list.delete(chat.topic)}
            aria-disabled={!canDelete}
            onClick={() => canDelete && onDelete(chat.id)}
          >
            <TrashIcon />
          </IconButton>
        </Side>
      </Head>
      <Preview>{chat.last_message_preview ?? chatCopy.list.noPreview}</Preview>
    </Card>
  );
});
