// Where the chat's scroll stays: at the newest message while the reader is there (a reply streaming in, their own
// message sent), put where it was when an older page arrives above, and left alone when they have scrolled up to
// read. DOM only: measurements in a layout effect, the reader's position from scroll events.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '../../../contract/chat';

/** Within this distance of the end the reader counts as "at the newest message". */
const NEAR_END_PX = 80;

/** Returns the ref for the scrolling element. */
export function useChatScroll(content: {
  messages: readonly ChatMessage[];
  streamingText: string;
  typing: boolean;
  status: string;
}) {
  const { messages, streamingText, typing, status } = content;
  const scroller = useRef<HTMLDivElement>(null);
  const last = useRef({
    firstId: undefined as string | undefined,
    lastId: undefined as string | undefined,
    height: 0,
    top: 0,
    atEnd: true,
  });

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      last.current.top = el.scrollTop;
      last.current.atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = last.current;
    const firstId = messages[0]?.id;
    const newest = messages.at(-1);
    const prepended = before.firstId !== undefined && firstId !== before.firstId && newest?.id === before.lastId;
    const sentByReader = newest !== undefined && newest.id !== before.lastId && newest.role === 'user';
    if (prepended) el.scrollTop = before.top + (el.scrollHeight - before.height);
    else if (before.atEnd || sentByReader) el.scrollTop = el.scrollHeight;
    last.current = {
      firstId,
      lastId: newest?.id,
      height: el.scrollHeight,
      top: el.scrollTop,
      atEnd: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX,
    };
  }, [messages, streamingText, typing, status]);
  return scroller;
}
