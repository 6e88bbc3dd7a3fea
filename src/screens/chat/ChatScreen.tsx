// /app/chat/:chatId ('new' for a chat the first send creates): binds the chat session machine to the chat's actors
// and the user's draft store, and renders its view model — the history as a log, the typing indicator and the
// reply as it streams, the suggestion cards, the limit banner and the composer. Full height, no bottom navigation
// (FullHeightLayout, which follows Telegram's stable viewport height, so the composer stays above the keyboard).
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { chatSessionMachine, chatSessionView } from '../../../machines/chat/chat-session.machine';
import { paths } from '../../../machines/paths';
import { chatActors } from '../../api/chat.actors';
import { capabilitiesOf } from '../../auth/capabilities';
import { useAuthView } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { ButtonLink } from '../../components/ButtonLink';
import { ChatWelcome } from '../../components/chat/ChatWelcome';
import { HelpNearbySheet } from '../../components/chat/HelpNearbySheet';
import { CrisisHelp } from '../../components/CrisisHelp';
import { useCrisisLines } from '../shared/useCrisisLines';
import { Composer } from '../../components/chat/Composer';
import { LimitBanner } from '../../components/chat/LimitBanner';
import { Bubble, MessageBubble } from '../../components/chat/MessageBubble';
import { TypingIndicator } from '../../components/chat/TypingIndicator';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ScrollSentinel } from '../../components/ScrollSentinel';
import { Spinner } from '../../components/Spinner';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { chatCopy } from '../../copy/chat';
import { crisisCopy } from '../../copy/crisis';
import { useFlow } from '../../flow/useFlow';
import { newClientId } from '../../lib/clientId';
import { haptic } from '../../telegram/haptic';
import { useBackButton } from '../../telegram/useBackButton';
import { voiceRecorder } from '../../voice/voiceRecorder';
import { chatDraftEffects, useChatDraftStore, type ChatDraftStore } from './chatDraftStorage';
import { useChatScroll } from './useChatScroll';
import type { Recorder } from './VoiceRecorder';

// The recorder's sheet is fetched when the microphone first opens it (the recording itself starts at once), so the
// chat's own chunk does not carry it (bench/bundle.ts). A sheet that cannot be fetched (offline) cancels the
// recording — without its sheet nobody could stop it — and the next press tries to fetch it again.
let VoiceRecorder = voiceRecorderSheet();
function voiceRecorderSheet() {
  return lazy<ComponentType<{ recorder: Recorder }>>(() =>
    import('./VoiceRecorder').catch(() => {
      VoiceRecorder = voiceRecorderSheet();
      return { default: CancelRecording };
    }),
  );
}
function CancelRecording({ recorder }: { recorder: Recorder }) {
  useEffect(() => recorder.send({ type: 'CANCEL' }), [recorder]);
  return null;
}

const Main = styled.main`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;

const Header = styled.header`
  flex: none;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.color.separator};
`;

const Title = styled.h1`
  flex: 1;
  min-width: 0;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  line-height: 1.25;
`;

const BackLink = styled(Button)`
  padding-left: 0;
`;

/** «Помощь рядом»: quiet, always in the header for 72 hours after a crisis. */
const HelpButton = styled(Button)`
  flex: none;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
`;

const Log = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: auto;
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  margin: auto 0;
  padding: ${({ theme }) => theme.space(4)};
`;

const Failed = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  column-gap: ${({ theme }) => theme.space(1)};
  max-width: min(85%, 640px);
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.sm};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.destructive};
    text-align: right;
  }
`;

/** Under the typing indicator when the chat was reopened mid-reply. */
const WritingNote = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.hint};
`;

/** The route: a missing id goes to the list; the session lives on when its first send turns /new into the chat's own. */
export default function ChatScreen() {
  const { chatId } = useParams();
  const location = useLocation();
  const { user } = useAuthView();
  const { voice_input: voiceInput } = capabilitiesOf(user);
  const store = useChatDraftStore();
  // The session machine replaces /app/chat/new with the chat's route (state.createdChat): the same session goes on.
  const [sessionKey, setSessionKey] = useState(chatId);
  const created = (location.state as { createdChat?: unknown } | null)?.createdChat;
  if (chatId !== sessionKey && created !== chatId) setSessionKey(chatId);
  if (!chatId) return <Navigate to={paths.chatList} replace />;
  return <ChatSession key={sessionKey} chatId={sessionKey ?? chatId} store={store} voiceInput={voiceInput} />;
}

function ChatSession({ chatId, store, voiceInput }: { chatId: string; store: ChatDraftStore; voiceInput: boolean }) {
  const drafts = useMemo(() => chatDraftEffects(store), [store]);
  const { view, send } = useFlow(chatSessionMachine, chatSessionView, {
    input: { chatId, newClientId, voiceInput },
    actors: { ...chatActors, ...drafts.actors, voiceRecorder },
    actions: drafts.actions,
  });
  const nativeBack = useBackButton(() => send({ type: 'BACK' }));
  const scroller = useChatScroll(view);
  const crisisLines = useCrisisLines();
  const box = useRef<HTMLTextAreaElement>(null);
  useFocusAfterVoice(view.voiceRecorder !== undefined, view.text, box);

  const onPractice = useCallback(
    (messageId: string) => {
      haptic.tap();
      send({ type: 'PRACTICE.OPEN', messageId });
    },
    [send],
  );
  const onDiary = useCallback(
    (messageId: string) => {
      haptic.tap();
      send({ type: 'DIARY.OPEN', messageId });
    },
    [send],
  );
  const onLoadOlder = useCallback(() => send({ type: 'LOAD_OLDER' }), [send]);
  const onSafetyPlan = useCallback(() => {
    haptic.tap();
    send({ type: 'SAFETY_PLAN.OPEN' });
  }, [send]);

  const title = view.topic ?? (view.chatId === null ? chatCopy.session.newTitle : chatCopy.session.fallbackTitle);
  const announcement = view.typing
    ? chatCopy.session.typing
    : view.replyWriting
      ? chatCopy.session.replyWriting
      : view.lastReply
        ? `${chatCopy.session.replied}: ${view.lastReply.content}`
        : '';
  const failedNotice = view.failedMessageId ? (
    <Failed role="status">
      <p>{view.failureDetail ?? chatCopy.session.sendFailed}</p>
      <Button $variant="plain" onClick={() => send({ type: 'RETRY_SEND' })}>
        {chatCopy.session.resend}
      </Button>
      <Button $variant="plain" onClick={() => send({ type: 'EDIT_UNSENT' })}>
        {view.failedEditable ? chatCopy.session.edit : chatCopy.session.skip}
      </Button>
    </Failed>
  ) : undefined;

  return (
    <Main>
      <Header>
        {nativeBack ? null : (
          <BackLink $variant="plain" onClick={() => send({ type: 'BACK' })}>
            <span aria-hidden>‹</span> {chatCopy.session.back}
          </BackLink>
        )}
        <Title>{title}</Title>
        {view.helpNearby ? (
          <HelpButton
            $variant="secondary"
            onClick={() => {
              haptic.tap();
              send({ type: 'HELP.OPEN' });
            }}
          >
            {chatCopy.helpNearby.button}
          </HelpButton>
        ) : null}
      </Header>

      <Scroller ref={scroller} data-testid="chat-scroller">
        {view.status === 'loading' ? (
          <Center>
            <Spinner />
          </Center>
        ) : view.status === 'error' ? (
          <ErrorState
            message={chatCopy.session.loadError}
            retryLabel={chatCopy.session.retry}
            onRetry={() => send({ type: 'RETRY' })}
          />
        ) : view.status === 'notFound' ? (
          <EmptyState
            title={chatCopy.session.notFound}
            action={<ButtonLink to={paths.chatList}>{chatCopy.session.back}</ButtonLink>}
          />
        ) : view.showTopics ? (
          <ChatWelcome
            disabled={!view.editable}
            onTopic={(text) => {
              haptic.tap();
              send({ type: 'TOPIC.SEND', text });
            }}
          />
        ) : (
          // Not a live region itself: older pages arriving above and every streamed word would be read out.
          // The status line below announces the typing indicator and each finished reply, once.
          <Log role="log" aria-live="off" aria-label={chatCopy.session.messagesLabel}>
            {view.hasOlder ? (
              <ScrollSentinel
                key={view.messages.length}
                edge="start"
                root={scroller}
                onReach={onLoadOlder}
                testId="chat-older"
              />
            ) : null}
            {view.loadingOlder ? (
              <Center>
                <Spinner $size={22} />
              </Center>
            ) : null}
            {view.olderFailed ? (
              <Button $variant="plain" onClick={() => send({ type: 'RETRY_OLDER' })}>
                {chatCopy.session.olderError} · {chatCopy.session.retry}
              </Button>
            ) : null}
            {view.messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                onPractice={onPractice}
                onDiary={onDiary}
                onSafetyPlan={onSafetyPlan}
                quiet={view.quiet}
                footer={message.id === view.failedMessageId ? failedNotice : undefined}
              />
            ))}
            {view.typing || view.replyWriting ? <TypingIndicator /> : null}
            {view.replyWriting ? <WritingNote>{chatCopy.session.replyWriting}</WritingNote> : null}
            {view.streamingText ? (
              <Bubble $mine={false} aria-hidden data-testid="chat-streaming">
                {view.streamingText}
              </Bubble>
            ) : null}
            <CrisisHelp show={view.pendingAtRisk} text={crisisCopy.chat} lines={crisisLines} />
          </Log>
        )}
      </Scroller>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      <LimitBanner banner={view.banner} upgrade={view.bannerUpgrade} onUpgrade={() => send({ type: 'UPGRADE' })} />
      <Composer
        text={view.text}
        editable={view.editable}
        canSend={view.canSend}
        showMic={view.showMic}
        blockedReason={view.failedMessageId ? chatCopy.session.resendFirst : null}
        onChange={(value) => send({ type: 'TEXT.CHANGE', value })}
        onSend={() => {
          if (view.canSend) haptic.tap();
          send({ type: 'SEND' });
        }}
        onMic={() => {
          haptic.tap();
          send({ type: 'MIC.PRESS' });
        }}
        boxRef={box}
      />
      <HelpNearbySheet
        open={view.helpOpen}
        lines={crisisLines}
        onPlan={onSafetyPlan}
        onClose={() => send({ type: 'HELP.CLOSE' })}
      />
      {view.voiceRecorder ? (
        <Suspense fallback={null}>
          <VoiceRecorder recorder={view.voiceRecorder} />
        </Suspense>
      ) : null}
    </Main>
  );
}

/**
 * When the recorder's sheet closes with recognised words in the text box, focus goes there, to read and edit them
 * before sending (the microphone that opened the sheet has become the send button, so the sheet cannot return
 * focus to it). Closed without words, the sheet gives focus back to the microphone itself.
 */
function useFocusAfterVoice(open: boolean, text: string, box: RefObject<HTMLTextAreaElement | null>) {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && text.trim()) box.current?.focus({ preventScroll: true });
    wasOpen.current = open;
  }, [open, text, box]);
}
