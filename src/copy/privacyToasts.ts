// Privacy's toasts, by key (machines/privacy/privacy-toasts.ts); ours, not the spec's. A file of their own:
// src/copy/toasts.ts is in the app shell.
import type { PrivacyToastKey } from '../../machines/privacy/privacy-toasts';
import type { ToastCopy } from './toasts';

export const privacyToasts = {
  exportFailed: { title: 'Ошибка', description: 'Не удалось подготовить файл с данными', variant: 'destructive' },
  eraseFailed: {
    title: 'Ошибка',
    description: 'Не удалось удалить данные, попробуйте ещё раз',
    variant: 'destructive',
  },
} satisfies Record<PrivacyToastKey, ToastCopy>;
