// The chat list: pages of 20 (newest activity first) loaded as the user nears the end, loading / error with retry /
// empty, and deleting a chat after a confirmation. Paging and deleting run side by side: a chat deleted while a
// page loads asks for that page again, since the server's list moved by one under it. A deleted chat's draft and
// unsent message on the device go with it.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Chat, ChatListResponse } from '../../contract/chat';
import { CHAT_LIST_PAGE_SIZE } from '../../contract/constants';
import { stubAction, stubActor, type ToastParams } from '../effects';
import { topState } from '../view-model';
import { EMPTY_DRAFT, type ChatDraft } from './chat-draft';

export interface ChatListContext {
  chats: Chat[];
  /** The server's total, one less for every confirmed delete. */
  total: number;
  /** The chat whose delete is being confirmed or running. */
  targetId: string | null;
}

export type ChatListEvent =
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  | { type: 'DELETE.REQUEST'; id: string }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DELETE.CANCEL' }
  | { type: 'xstate.done.actor.deleteChat'; output: void };

/** The deleted chat's draft, emptied (an empty draft is removed from the device). */
const forgetDraft = ({ context }: { context: ChatListContext }) => ({
  chatKey: context.targetId ?? '',
  draft: EMPTY_DRAFT,
});

/** Appends a page, skipping chats already shown (the list may have shifted since the last page). */
const appendPage = (chats: Chat[], page: Chat[]) => {
  const seen = new Set(chats.map((c) => c.id));
  return chats.concat(page.filter((c) => !seen.has(c.id)));
};

export const chatListMachine = setup({
  types: {
    context: {} as ChatListContext,
    events: {} as ChatListEvent,
  },
  actors: {
    loadPage: stubActor<ChatListResponse, { skip: number; limit: number }>(),
    deleteChat: stubActor<void, { id: string }>(),
  },
  actions: {
    toast: stubAction<ToastParams>(),
    /** The device's copy of a chat's composer text and unanswered message (the chat session's own effect). */
    saveDraft: stubAction<{ chatKey: string; draft: ChatDraft }>(),
  },
  guards: {
    hasMore: ({ context }) => context.chats.length < context.total,
    isEmptyPage: (_, { chats }: { chats: Chat[] }) => chats.length === 0,
    isListed: ({ context }, { id }: { id: string }) => context.chats.some((c) => c.id === id),
    /** The deleted chat was the last one shown: load the list again (it shows more, or the empty state). */
    wasLastShown: ({ context }) => context.chats.length === 1,
  },
}).createMachine({
  id: 'chatList',
  description: 'Chat list with infinite scroll and delete with confirmation.',
  context: { chats: [], total: 0, targetId: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The first page.',
      invoke: {
        id: 'loadFirstPage',
        src: 'loadPage',
        input: { skip: 0, limit: CHAT_LIST_PAGE_SIZE },
        onDone: [
          {
            guard: { type: 'isEmptyPage', params: ({ event }) => ({ chats: event.output.chats }) },
            target: 'empty',
            actions: assign({ chats: [], total: 0 }),
          },
          {
            target: 'ready',
            actions: assign({ chats: ({ event }) => event.output.chats, total: ({ event }) => event.output.total }),
          },
        ],
        onError: { target: 'error' },
      },
    },
    empty: { description: '«Нет активных чатов» with «Начать первый чат».' },
    error: {
      description: '«Ошибка загрузки» / «Не удалось загрузить чаты» with «Попробовать снова».',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      states: {
        paging: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                LOAD_MORE: {
                  guard: 'hasMore',
                  target: 'loadingMore',
                  description: 'The end of the list came within 100 px; ignored when all are loaded.',
                },
              },
            },
            loadingMore: {
              on: {
                'xstate.done.actor.deleteChat': {
                  target: 'loadingMore',
                  reenter: true,
                  description:
                    'A delete moved the server’s list under the running request: ask again from the new offset.',
                },
              },
              invoke: {
                id: 'loadNextPage',
                src: 'loadPage',
                input: ({ context }) => ({ skip: context.chats.length, limit: CHAT_LIST_PAGE_SIZE }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    chats: ({ context, event }) => appendPage(context.chats, event.output.chats),
                    total: ({ event }) => event.output.total,
                  }),
                },
                onError: { target: 'moreFailed' },
              },
            },
            moreFailed: {
              description: 'A later page failed; the loaded chats stay and a retry button shows at the end.',
              on: { RETRY: { target: 'loadingMore' } },
            },
          },
        },
        deletion: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'DELETE.REQUEST': {
                  guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
                  target: 'confirming',
                  actions: assign({ targetId: ({ event }) => event.id }),
                },
              },
            },
            confirming: {
              description: '«Удалить чат?»: the chat and its messages are deleted for good.',
              on: {
                'DELETE.CONFIRM': { target: 'deleting' },
                'DELETE.CANCEL': { target: 'idle', actions: assign({ targetId: null }) },
              },
            },
            deleting: {
              description: 'The chat’s card is busy.',
              invoke: {
                id: 'deleteChat',
                src: 'deleteChat',
                input: ({ context }) => ({ id: context.targetId ?? '' }),
                onDone: [
                  {
                    guard: 'wasLastShown',
                    target: '#chatList.loading',
                    actions: [
                      { type: 'saveDraft', params: forgetDraft },
                      assign({ targetId: null }),
                      { type: 'toast', params: { key: 'chatDeleted' } },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'saveDraft', params: forgetDraft },
                      assign(({ context }) => ({
                        chats: context.chats.filter((c) => c.id !== context.targetId),
                        total: Math.max(0, context.total - 1),
                        targetId: null,
                      })),
                      { type: 'toast', params: { key: 'chatDeleted' } },
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: [assign({ targetId: null }), { type: 'toast', params: { key: 'deleteFailed' } }],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type ChatListStatus = 'loading' | 'error' | 'empty' | 'ready';

/** What the list screen shows; `chats` keeps its identity until it changes (memoised cards). */
export function chatListView(snapshot: SnapshotFrom<typeof chatListMachine>) {
  const { chats, targetId } = snapshot.context;
  return {
    status: topState<ChatListStatus>(snapshot),
    chats,
    loadingMore: snapshot.matches({ ready: { paging: 'loadingMore' } }),
    moreFailed: snapshot.matches({ ready: { paging: 'moreFailed' } }),
    /** More pages to load: the end-of-list trigger is shown. */
    hasMore: snapshot.can({ type: 'LOAD_MORE' }),
    /** The confirmation sheet is open for this chat. */
    confirmingId: snapshot.matches({ ready: { deletion: 'confirming' } }) ? targetId : null,
    /** This chat's delete is running (its card is busy). */
    deletingId: snapshot.matches({ ready: { deletion: 'deleting' } }) ? targetId : null,
    /** Delete buttons accept a press (no other delete is being confirmed or running). */
    canDelete: snapshot.matches({ ready: { deletion: 'idle' } }),
  };
}
