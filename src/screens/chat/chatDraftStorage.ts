// The chat drafts in localStorage (safe: a refusing storage never throws), one key per Telegram user so a shared
// device never shows one account's draft to another; inside it, one draft per chat. What is kept and how it is read
// back are the machine folder's pure rules (machines/chat/chat-draft.ts); this module only reads and writes.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { EMPTY_DRAFT, parseChatDrafts, withChatDraft, type ChatDraft } from '../../../machines/chat/chat-draft';
import { useAuthView } from '../../auth/AuthProvider';
import { jsonListStore } from '../../telegram/jsonListStore';

export const chatDraftStorageKey = (telegramId: number) => `chat_drafts:${telegramId}`;

export interface ChatDraftStore {
  load(chatKey: string): ChatDraft;
  save(chatKey: string, draft: ChatDraft): void;
}

/** The user's chat drafts; without a known user nothing is read or kept. */
export function chatDraftStore(telegramId: number | null): ChatDraftStore {
  if (telegramId === null) return { load: () => EMPTY_DRAFT, save: () => {} };
  const { read: all, write } = jsonListStore(chatDraftStorageKey(telegramId), parseChatDrafts);
  return {
    load: (chatKey) => {
      const found = all().find((d) => d.key === chatKey);
      return found ? { text: found.text, unsent: found.unsent } : EMPTY_DRAFT;
    },
    save: (chatKey, draft) => write(withChatDraft(all(), chatKey, draft)),
  };
}

/** The signed-in user's chat drafts (the chat, and the list that forgets a deleted chat's draft). */
export function useChatDraftStore(): ChatDraftStore {
  const telegramId = useAuthView().user?.telegram_id;
  return useMemo(() => chatDraftStore(typeof telegramId === 'number' ? telegramId : null), [telegramId]);
}

/** A store as the chat machines name their effects: the `restoreDraft` actor and the `saveDraft` action. */
export function chatDraftEffects(store: ChatDraftStore) {
  return {
    actors: {
      restoreDraft: fromPromise<ChatDraft, { chatKey: string }>(async ({ input }) => store.load(input.chatKey)),
    },
    actions: {
      saveDraft: (_: unknown, { chatKey, draft }: { chatKey: string; draft: ChatDraft }) => store.save(chatKey, draft),
    },
  };
}
