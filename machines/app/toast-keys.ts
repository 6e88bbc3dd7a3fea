// Every toast a machine can ask for, by key. Machines name the message; src/copy/toasts.ts holds each key's words
// and variant (a Record over this union, so a key without words does not compile). A domain adds its keys here.
import type { BillingToastKey } from '../billing/billing-toasts';
import type { ChatToastKey } from '../chat/chat-toasts';
import type { CheckInToastKey } from '../checkin/checkin-toasts';
import type { DiaryToastKey } from '../diary/diary-toasts';
import type { PrivacyToastKey } from '../privacy/privacy-toasts';
import type { UsersToastKey } from '../users/users-toasts';

export type ToastKey =
  DiaryToastKey | ChatToastKey | UsersToastKey | BillingToastKey | PrivacyToastKey | CheckInToastKey;
