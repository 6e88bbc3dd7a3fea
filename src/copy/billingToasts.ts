// Billing's toasts, by key (machines/billing/billing-toasts.ts); ours, not the spec's. A file of their own:
// src/copy/toasts.ts is in the app shell.
import type { BillingToastKey } from '../../machines/billing/billing-toasts';
import type { ToastCopy } from './toasts';

export const billingToasts = {
  trialActivated: { title: 'Пробный период активирован', description: 'PREMIUM открыт на 7 дней', variant: 'success' },
} satisfies Record<BillingToastKey, ToastCopy>;
