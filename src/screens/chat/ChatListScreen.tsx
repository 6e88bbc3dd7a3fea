// /app/chat: binds the chat list machine and renders its view model — a grid of chat cards with infinite scroll,
// 'Новый чат', the empty and error states, and deleting a chat after a confirmation.
import { useCallback, useMemo } from 'react';
import styled from 'styled-components';
import { chatListMachine, chatListView } from '../../../machines/chat/chat-list.machine';
import { paths } from '../../../machines/paths';
import { chatActors } from '../../api/chat.actors';
import { BottomSheet } from '../../components/BottomSheet';
import { Button } from '../../components/Button';
import { ButtonLink } from '../../components/ButtonLink';
import { ChatCard } from '../../components/chat/ChatCard';
import { PlusIcon } from '../../components/chat/icons';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ChatIcon } from '../../components/icons';
import { ListCenter, ListFooter, ListHeader, ListTitle } from '../../components/ListScreen';
import { Page } from '../../components/Page';
import { ScrollSentinel } from '../../components/ScrollSentinel';
import { Spinner } from '../../components/Spinner';
import { chatCopy } from '../../copy/chat';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { chatDraftEffects, useChatDraftStore } from './chatDraftStorage';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const SheetBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 520px;
  margin: 0 auto;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    text-align: center;
  }
  p {
    margin: 0;
    text-align: center;
    color: ${({ theme }) => theme.color.hint};
  }
`;

/** Plain on the sheet's background, where the readable destructive colour is guaranteed its contrast. */
const DangerButton = styled(Button)`
  color: ${({ theme }) => theme.color.destructive};
`;

/** Route /app/chat. `now` is injectable so the time labels are testable. */
export default function ChatListScreen({ now = new Date() }: { now?: Date }) {
  const store = useChatDraftStore();
  const drafts = useMemo(() => chatDraftEffects(store), [store]);
  const { view, send } = useFlow(chatListMachine, chatListView, { actors: chatActors, actions: drafts.actions });
  const { status, chats, loadingMore, moreFailed, hasMore, confirmingId, deletingId, canDelete } = view;
  const onDelete = useCallback(
    (id: string) => {
      haptic.tap();
      send({ type: 'DELETE.REQUEST', id });
    },
    [send],
  );
  const onReachEnd = useCallback(() => send({ type: 'LOAD_MORE' }), [send]);
  const retry = () => send({ type: 'RETRY' });
  const confirming = chats.find((c) => c.id === confirmingId);

  return (
    <Page>
      <ListHeader>
        <ListTitle>{chatCopy.list.title}</ListTitle>
        <ButtonLink to={paths.newChat} $variant="secondary" onClick={() => haptic.tap()}>
          <PlusIcon />
          {chatCopy.list.newChat}
        </ButtonLink>
      </ListHeader>

      {status === 'loading' ? (
        <ListCenter>
          <Spinner />
        </ListCenter>
      ) : status === 'error' ? (
        <ErrorState
          title={chatCopy.list.errorTitle}
          message={chatCopy.list.errorText}
          retryLabel={chatCopy.list.retry}
          onRetry={retry}
        />
      ) : status === 'empty' ? (
        <EmptyState
          icon={<ChatIcon />}
          title={chatCopy.list.emptyTitle}
          action={<ButtonLink to={paths.newChat}>{chatCopy.list.emptyAction}</ButtonLink>}
        />
      ) : (
        <>
          <Grid>
            {chats.map((chat) => (
              <ChatCard
                key={chat.id}
                chat={chat}
                now={now}
                deleting={chat.id === deletingId}
                canDelete={canDelete}
                onDelete={onDelete}
              />
            ))}
          </Grid>
          {hasMore ? <ScrollSentinel key={chats.length} onReach={onReachEnd} testId="chat-list-end" /> : null}
          {loadingMore ? (
            <ListFooter>
              <Spinner $size={22} />
            </ListFooter>
          ) : null}
          {moreFailed ? (
            <ListFooter>
              <Button $variant="plain" onClick={retry}>
                {chatCopy.list.loadMoreError} · {chatCopy.list.retry}
              </Button>
            </ListFooter>
          ) : null}
        </>
      )}

      <BottomSheet
        open={confirming !== undefined}
        onClose={() => send({ type: 'DELETE.CANCEL' })}
        label={chatCopy.list.confirmTitle}
      >
        <SheetBody>
          <h2>{chatCopy.list.confirmTitle}</h2>
          <p>
            «{confirming?.topic}». {chatCopy.list.confirmText}
          </p>
          <DangerButton
            $block
            $variant="plain"
            onClick={() => {
              haptic.warning();
              send({ type: 'DELETE.CONFIRM' });
            }}
          >
            {chatCopy.list.confirm}
          </DangerButton>
          <Button $block $variant="plain" onClick={() => send({ type: 'DELETE.CANCEL' })}>
            {chatCopy.list.cancel}
          </Button>
        </SheetBody>
      </BottomSheet>
    </Page>
  );
}
