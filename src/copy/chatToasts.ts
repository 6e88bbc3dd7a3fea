// The chat's toasts, by key (machines/chat/chat-toasts.ts). A file of their own: src/copy/toasts.ts, in the app
// shell, gathers every domain's toasts, and the rest of the chat's copy stays in the chat's lazy chunks.
import type { ChatToastKey } from '../../machines/chat/chat-toasts';
import type { ToastCopy } from './toasts';

export const chatToasts = {
  limitReached: { title: 'Внимание', description: 'Лимит токенов исчерпан', variant: 'warning' },
  chatDeleted: { title: 'Чат удалён', description: 'Его сообщений больше нет', variant: 'success' },
  deleteFailed: { title: 'Ошибка', description: 'Не удалось удалить чат', variant: 'destructive' },
  voiceUnconfigured: {
    title: 'Голосовой ввод не настроен',
    description: 'На этом сервере не подключено распознавание речи. Напишите сообщение текстом.',
    variant: 'default',
  },
} satisfies Record<ChatToastKey, ToastCopy>;
