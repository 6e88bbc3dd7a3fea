// The chat's toasts, by key (machines/chat/chat-toasts.ts). A file of their own: src/copy/toasts.ts, in the app
// shell, gathers every domain's toasts, and the rest of the chat's copy stays in the chat's lazy chunks.
import type { ChatToastKey } from '../../machines/chat/chat-toasts';
import type { ToastCopy } from './toasts';

export const chatToasts = {
  limitReached: { title: 'Внимание', description: 'Лимит токенов исчерпан', variant: 'warning' },
  chatDeleted: { title: 'Чат удалён', description: 'Его сообщений больше нет', variant: 'success' },
  deleteFailed: { title: 'Ошибка', description: 'Не удалось удалить чат', variant: 'destructive' },
  voiceUnconfigured: {
    // The user's words, not an administrator's (issue 24): the server log says what is missing.
    title: 'Голосовой ввод пока недоступен',
    description: 'Напишите, пожалуйста, сообщение текстом.',
    variant: 'default',
  },
} satisfies Record<ChatToastKey, ToastCopy>;
