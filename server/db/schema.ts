// The one Drizzle schema for PGlite and PostgreSQL. Migrations are generated from it (`npx drizzle-kit generate`).
// Keep it to features PostgreSQL 15–17 has: production may run an older server than PGlite's 18.
// What a person writes (diary, chat, «Обо мне», practice comments, the safety plan) is in sealed columns
// (./sealed.ts): bytea holding AES-256-GCM ciphertext, read and written as plain strings through Drizzle
// (docs/privacy.md).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  customType,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SafetyPlanContent } from '../../contract/safety-plan-rules';
import { sealedJson, sealedText } from './sealed';

/** A Telegram user, created on the first authenticated request (see server/http/auth.ts). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  // Telegram ids exceed 2^31 but stay below 2^53, so a JS number is exact.
  telegramId: bigint('telegram_id', { mode: 'number' }).notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  username: text('username'),
  photoUrl: text('photo_url'),
  languageCode: text('language_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set once when the free PREMIUM trial is activated: the trial is once per user, forever. */
  trialUsedAt: timestamp('trial_used_at', { withTimezone: true }),
  /**
   * When the chat's safety net last saw a risk signal (suicide, self-harm) in this user's messages; for a while
   * after it the assistant keeps a gentle check-in in every chat (server/chat/safety/).
   */
  riskFlaggedAt: timestamp('risk_flagged_at', { withTimezone: true }),
  /**
   * The user's kept IANA zone (from the client's X-Time-Zone), which decides their local day for quotas, home and
   * reminders; changed at most once per 24 hours (server/users/time-zone.ts). Null until a client first sends one.
   */
  timeZone: text('time_zone'),
  timeZoneSetAt: timestamp('time_zone_set_at', { withTimezone: true }),
  /**
   * May the bot write to the user: 'allowed' (init data's allows_write_to_pm, /start, the app's requestWriteAccess
   * answer), 'denied' (the user said no in the app), null (never asked). server/users/bot-access.ts.
   */
  botAccess: text('bot_access'),
  /** Telegram refused a message (403: blocked) — no reminders until the user writes to the bot again. */
  botBlockedAt: timestamp('bot_blocked_at', { withTimezone: true }),
});

/** One row per user once they change something; absent → the defaults in server/users/settings.ts. */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  communicationStyle: text('communication_style').notNull(),
  reminderTime: text('reminder_time').notNull(),
  /** «Обо мне»: what the user tells the assistant about themselves. */
  personalContext: sealedText('user_settings', 'personal_context'),
  /** vy | ty: how the assistant addresses the user (settings, «Обо мне» or «давай на ты» in a chat). */
  addressForm: text('address_form').notNull().default('vy'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The user's current paid or trial tier. One row per user; absent or expired → START.
 * expires_at null means it never expires (granted by hand).
 */
export const subscriptions = pgTable('subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tier: text('tier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** trial | payment | manual */
  source: text('source').notNull(),
  /**
   * The Telegram Stars subscription that keeps this tier going (server/billing/renewals.ts): the invoice whose
   * renewals extend it and the first charge's id, which editUserStarSubscription names. Null: a one-off period.
   */
  renewalInvoiceId: uuid('renewal_invoice_id'),
  renewalChargeId: text('renewal_charge_id'),
  /** Telegram's next charge: the latest subscription_expiration_date of its charges. */
  renewsAt: timestamp('renews_at', { withTimezone: true }),
  /** When the user (through us) cancelled the renewal; null while it renews. */
  renewalCanceledAt: timestamp('renewal_canceled_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Daily usage counters keyed by the user's LOCAL date: a new day is simply a new row (no reset job).
 * kind: diary_entries | voice_seconds | tokens. Spent only through server/billing/quota.ts.
 */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.kind] })],
);

// Indexes are DESC NULLS FIRST (PostgreSQL's default for DESC) so `ORDER BY created_at DESC, id DESC` walks them directly.
export const diaryEntries = pgTable(
  'diary_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** At most 100 characters (contract/diary.ts); sealed, so the column itself is bytea. */
    title: sealedText('diary_entries', 'title'),
    content: sealedText('diary_entries', 'content').notNull(),
    /** very_bad | bad | neutral | good | very_good */
    mood: text('mood'),
    isFavorite: boolean('is_favorite').notNull().default(false),
    /** manual | ai_suggestion (source_id: the chat) | practice_session (source_id: the user's practice session) */
    sourceType: text('source_type').notNull().default('manual'),
    /** An id (uuid), never text: it cannot carry words, so it needs no seal. */
    sourceId: uuid('source_id'),
    /** The client's idempotency key for the draft this entry was saved from; null for entries made without one. */
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One entry per (user, client id): a repeated create finds the first one (NULLs never conflict).
    uniqueIndex('diary_entries_user_client_idx').on(t.userId, t.clientId),
    index('diary_entries_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('diary_entries_user_favorite_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isFavorite}`),
  ],
);

/**
 * Per-user diary totals, kept in the same transactions that create, delete or star entries, so the diary
 * list reads `total` for the `all` and `favorites` filters in O(1) instead of counting (docs/diary.md).
 * An entry is deleted only by DELETE /api/diary/:id (which moves the counters in its transaction) or with its user.
 */
export const diaryCounters = pgTable('diary_counters', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
});

/**
 * An offer made to the user (POST /api/payments/invoice): what they are buying at which price, priced by the
 * server's plans. The invoice payload Telegram carries through the payment is this row's id. pending → paid on the
 * first successful payment; a pending row past expires_at is refused at pre-checkout.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    months: integer('months').notNull(),
    /** stars | card */
    method: text('method').notNull(),
    /** XTR | RUB: Telegram's currency code */
    currency: text('currency').notNull(),
    /** In Telegram's smallest units (total_amount): stars, or kopecks for RUB. */
    amount: integer('amount').notNull(),
    /** pending | paid */
    status: text('status').notNull().default('pending'),
    /** A Telegram Stars subscription (1 month in Stars: subscription_period 30 days): its renewals pay it again. */
    recurring: boolean('recurring').notNull().default(false),
    /** The t.me link createInvoiceLink returned; null until Telegram answered. */
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('invoices_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Money received: one row per Telegram charge. The unique charge id is what makes a grant exactly-once — the row is
 * inserted with ON CONFLICT DO NOTHING and the grant happens only in the transaction that inserted it. Kept when the
 * user erases their data (accounting records; user_id becomes null, telegram_user_id stays for refunds).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    telegramPaymentChargeId: text('telegram_payment_charge_id').notNull().unique(),
    providerPaymentChargeId: text('provider_payment_charge_id'),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull(),
    /** What was bought, copied from the invoice (null when the payload named no invoice we know). */
    tier: text('tier'),
    months: integer('months'),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    /**
     * Why this money granted nothing and is the operator's to refund (server/billing/payments.ts): unknown_invoice
     * (a payload we cannot place), currency | amount | payer (does not match its invoice), already_paid (a second
     * charge for a paid invoice); null: it granted what it paid for. Refunded once a refunds row names it.
     */
    refundReason: text('refund_reason'),
    /** A subscription charge: Telegram's subscription_expiration_date, the end of the period it pays for. */
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    index('payments_invoice_idx').on(t.invoiceId),
    check(
      'payments_refund_reason_check',
      sql`${t.refundReason} in ('unknown_invoice', 'currency', 'amount', 'payer', 'already_paid', 'superseded')`,
    ),
  ],
);

/** Money returned: at most one refund per payment (the unique payment_id decides, as the charge id does above). */
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id),
  telegramPaymentChargeId: text('telegram_payment_charge_id').notNull(),
  currency: text('currency').notNull(),
  amount: integer('amount').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The ledger behind `subscriptions`: every change of a user's access as a row. source trial | payment | manual adds
 * [starts_at, expires_at) of `tier`; source credit adds the days a lower paid tier's unused time became on an
 * upgrade (right after the paid months, with the upgrading payment's id); source refund records the interval a
 * refund took back (empty when there was nothing left to take). `subscriptions` holds the result, which every gate
 * reads.
 */
export const subscriptionGrants = pgTable(
  'subscription_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** trial | payment | credit | refund | manual */
    source: text('source').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    tier: text('tier').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_grants_user_idx').on(t.userId, t.createdAt),
    // A payment grants once and a refund revokes once, whatever reaches this table.
    uniqueIndex('subscription_grants_payment_source_idx').on(t.paymentId, t.source),
  ],
);

/**
 * A conversation with the assistant. `message_count` is the position of its newest message, kept by the same
 * statement that inserts a message (server/chat/repository.ts), so a page of messages is a range of positions and
 * the total needs no count. `updated_at` moves with every message: the list is ordered by it (last activity).
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: sealedText('chats', 'topic').notNull(),
    /** active | archived (nothing archives yet; the list filters by it). */
    status: text('status').notNull().default('active'),
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: sealedText('chats', 'last_message_preview'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chats_user_activity_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * One message of a chat. `position` numbers a chat's messages 1, 2, 3… in the order they were stored; the unique
 * (chat_id, position) index serves every page, newest or oldest, as a range scan of `limit` entries.
 * Deleted only with their chat (cascade), so positions stay dense.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** The chat's owner, repeated so a send's idempotency key is unique per user across chats. */
    userId: integer('user_id').notNull(),
    position: integer('position').notNull(),
    /** user | assistant */
    role: text('role').notNull(),
    content: sealedText('chat_messages', 'content').notNull(),
    /**
     * practice_suggestion | diary_suggestion payload (contract/chat.ts), assistant messages only; sealed: a diary
     * suggestion holds words from the conversation.
     */
    metadata: sealedJson<unknown>('chat_messages', 'metadata'),
    /** A user message's idempotency key from the client (a retried send finds the message, and its reply). */
    clientId: uuid('client_id'),
    /** An assistant message's user message: at most one reply per user message. */
    replyTo: uuid('reply_to'),
    /** Tokens the reply spent (the model's reported total), assistant messages only. */
    tokens: integer('tokens'),
    /**
     * An assistant message the safety net wrote or completed (server/chat/safety/): `crisis` (the crisis help — the
     * client shows the safety plan's card under it) or `screening` (the concern tier's question, whose answer is
     * the chat's next user message); null otherwise.
     */
    safety: text('safety'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_chat_position_idx').on(t.chatId, t.position),
    uniqueIndex('chat_messages_user_client_idx').on(t.userId, t.clientId),
    uniqueIndex('chat_messages_reply_to_idx').on(t.replyTo),
    // "Was the full crisis block shown in this chat today?" reads one entry, whatever the chat's length.
    index('chat_messages_crisis_idx')
      .on(t.chatId, t.createdAt)
      .where(sql`${t.safety} = 'crisis'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SettingsRow = typeof userSettings.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
/**
 * One practice a user started (practice_type: an id of server/practices/catalogue.ts). Completed once: completed_at
 * and rating are set together by a conditional UPDATE, so a second completion finds nothing to change (409). A
 * skipped rating completes it unrated (rating null); a rating without completion cannot be.
 */
export const practiceSessions = pgTable(
  'practice_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceType: text('practice_type').notNull(),
    /** manual | ai_suggestion */
    sourceType: text('source_type').notNull().default('manual'),
    /** The chat that suggested it, for ai_suggestion (an id, never text). */
    sourceId: uuid('source_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    rating: smallint('rating'),
    feedback: sealedText('practice_sessions', 'feedback'),
  },
  (t) => [
    // History: the user's sessions newest first.
    index('practice_sessions_user_started_idx').on(t.userId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('practice_sessions_rating_check', sql`${t.rating} between 1 and 5`),
    check('practice_sessions_rated_when_completed_check', sql`${t.rating} is null or ${t.completedAt} is not null`),
  ],
);

/**
 * One recording sent for transcription (POST /api/chat/transcribe): the voice seconds it was charged and on which
 * local day, so a failed transcription gives exactly those back; with the client's id (unique per user) a retried
 * upload never pays twice — a repeat of a transcribed recording (the same audio, by its SHA-256) gets its text
 * again, a repeat of one still running is told so. Rows live an hour (server/voice/claims.ts): long enough for
 * any retry, and the words someone said are not kept beyond that.
 */
export const voiceTranscriptions = pgTable(
  'voice_transcriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id'),
    audioSha256: text('audio_sha256').notNull(),
    /** Voice seconds charged: the duration measured from the audio, rounded to the nearest second (at least 1). */
    seconds: integer('seconds').notNull(),
    /** The user's local date the seconds were charged on (daily_usage.day). */
    day: date('day', { mode: 'string' }).notNull(),
    /** pending: charged, being transcribed | done: `text` holds the transcript */
    status: text('status').notNull().default('pending'),
    text: sealedText('voice_transcriptions', 'text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voice_transcriptions_user_client_idx').on(t.userId, t.clientId),
    index('voice_transcriptions_user_updated_idx').on(t.userId, t.updatedAt),
    check('voice_transcriptions_status_check', sql`${t.status} in ('pending', 'done')`),
    check('voice_transcriptions_done_text_check', sql`(${t.status} = 'done') = (${t.text} is not null)`),
  ],
);

/**
 * The local days (in the user's kept zone) on which the user did something that counts for home's streak and
 * stops that day's reminder: wrote in the diary, sent a chat message, finished a practice. Written by those actions
 * (server/users/activity.ts), ON CONFLICT DO NOTHING; the primary key serves the streak and the reminder check.
 */
export const activityDays = pgTable(
  'activity_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /**
     * The first day of the run of consecutive active days this one belongs to, kept as days are written: the
     * streak is then the newest row (day − run_start + 1), not a walk back over every day of it.
     */
    runStart: date('run_start', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The mood check-in (home's one tap): one row per user and local day in their kept zone — the unique key decides, an
 * upsert changes the day's mood (and note) instead of adding a second. Free on every plan, so no quota.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    /** A single-column key, as the re-sealing job walks every sealed table by one (server/privacy/reseal.ts). */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** very_bad | bad | neutral | good | very_good */
    mood: text('mood').notNull(),
    /** The optional short note (contract CHECK_IN_NOTE_MAX); sealed like every text a person writes. */
    note: sealedText('check_ins', 'note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last change: where the check-in stands among the diary's entries (the diary list's mood marks). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One check-in per user and day: the upsert's conflict target.
    uniqueIndex('check_ins_user_day_idx').on(t.userId, t.day),
    index('check_ins_user_updated_idx').on(t.userId, t.updatedAt),
    check('check_ins_mood_check', sql`${t.mood} in ('very_bad', 'bad', 'neutral', 'good', 'very_good')`),
  ],
);

/**
 * The next reminder of each user who gets them (server/users/reminder-schedule.ts keeps it in step with the settings,
 * the kept zone and the bot's permission; no row: no reminders). `day` is the user's local date it is for, `due_at`
 * when to send (or retry); an instance claims due rows with FOR UPDATE SKIP LOCKED and holds them until
 * `lease_until`, so a crashed instance's claim is taken over once it expires.
 */
export const reminderSchedule = pgTable(
  'reminder_schedule',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [index('reminder_schedule_due_idx').on(t.dueAt)],
);

/**
 * One row per user and local day a reminder was decided: the primary key is what makes a reminder at most one a
 * day — only the statement that inserts (or re-opens a 'retry') row may send. status: sending (a send under way;
 * found so after a crash it becomes unknown) | sent | skipped (the user was already active) | retry (not sent yet:
 * 429 or a network error) | unknown (the send may have happened; never repeated) | blocked (403) | failed | late.
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    /** Sends begun for this day (a retry after 429 or a network error is one more); the backoff grows with it. */
    attempts: integer('attempts').notNull().default(0),
    /** Telegram's message id of the reminder sent. */
    messageId: bigint('message_id', { mode: 'number' }),
    /** Why it was skipped or failed (Telegram's description, 'active'…). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The bot's word before a paid plan ends (server/billing/plan-end.ts): one row per user, plan end and kind
 * ('soon': three days before, 'today': on the day). The primary key is the claim, as reminder_deliveries' is: only
 * the statement that inserts the row may send, so each message goes at most once whatever the instances do.
 * status: sending | sent | blocked (403) | failed | unknown (the answer was lost: never repeated).
 */
export const planEndNotices = pgTable(
  'plan_end_notices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.endsAt, t.kind] })],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The user's personal safety plan (docs/safety-plan.md): one row per user, the whole plan in one sealed JSON value
 * (contract/safety-plan-rules.ts `SafetyPlanContent`). `revision` counts the saves: a device sends the one it last
 * saw, and a save over a plan that changed since is merged, not overwritten (server/safety-plan/service.ts).
 */
export const safetyPlans = pgTable('safety_plans', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: sealedJson<SafetyPlanContent>('safety_plans', 'plan').notNull(),
  revision: integer('revision').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one row that tells whether the configured keys fit this database (server/privacy/keys.ts): `secret` is a
 * random 32-byte secret sealed with the current key (opening it proves the key; it also keys the hashes of
 * erased_accounts and the export links), `keys_in_use` the names of every key data may still be sealed with
 * ('plain': rows written before encryption existed). No personal data.
 */
export const dataEncryption = pgTable(
  'data_encryption',
  {
    id: smallint('id').primaryKey().default(1),
    secret: bytea('secret').notNull(),
    keysInUse: text('keys_in_use').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('data_encryption_one_row', sql`${t.id} = 1`)],
);

/**
 * Each user's own data key, which seals everything of theirs in the sealed columns (docs/security.md), itself
 * sealed ("wrapped") with the master key, DATA_ENCRYPTION_KEY (server/privacy/user-keys.ts). Made at the user's first
 * authenticated request. Erasing the account deletes the row (cascade) and rewrites this small table, so the text
 * left in dead rows, the write-ahead log or a backup can no longer be opened.
 */
export const userKeys = pgTable('user_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  wrapped: bytea('wrapped').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What «Удалить все мои данные» keeps so that erasing cannot reset limits (server/privacy/erase.ts): under a keyed
 * hash of the Telegram id (not the id itself), whether the once-per-user trial was used and the daily usage of the
 * days that may still be someone's today. Moved back into the account when that Telegram user signs in again.
 */
export const erasedAccounts = pgTable('erased_accounts', {
  telegramRef: bytea('telegram_ref').primaryKey(),
  trialUsed: boolean('trial_used').notNull(),
  /** [{ day: 'YYYY-MM-DD', kind, used }] */
  usage: jsonb('usage').notNull(),
});
