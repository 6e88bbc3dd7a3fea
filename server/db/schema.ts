// The one Drizzle schema for PGlite and PostgreSQL. Migrations are generated from it (`npx drizzle-kit generate`).
// Keep it to features PostgreSQL 15–17 has: production may run an older server than PGlite's 18.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

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
});

/** One row per user once they change something; absent → the defaults in server/users/settings.ts. */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  communicationStyle: text('communication_style').notNull(),
  reminderTime: text('reminder_time').notNull(),
  personalContext: text('personal_context'),
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
    title: varchar('title', { length: 100 }),
    content: text('content').notNull(),
    /** very_bad | bad | neutral | good | very_good */
    mood: text('mood'),
    isFavorite: boolean('is_favorite').notNull().default(false),
    sourceType: text('source_type').notNull().default('manual'),
    sourceId: text('source_id'),
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
 * Per-user diary totals, kept in the same transactions that create entries or toggle favourites, so the diary
 * list reads `total` for the `all` and `favorites` filters in O(1) instead of counting (docs/diary.md).
 * Entries are deleted only with their user (cascade), so the counters cannot drift.
 */
export const diaryCounters = pgTable('diary_counters', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
});

/**
 * One practice a user started (practice_type: an id of server/practices/catalogue.ts). Completed once: completed_at
 * and rating are set together by a conditional UPDATE, so a second completion finds nothing to change (409).
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
    /** The chat that suggested it, for ai_suggestion. */
    sourceId: text('source_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    rating: smallint('rating'),
    feedback: text('feedback'),
  },
  (t) => [
    // History: the user's sessions newest first.
    index('practice_sessions_user_started_idx').on(t.userId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('practice_sessions_rating_check', sql`${t.rating} between 1 and 5`),
    check('practice_sessions_completed_rated_check', sql`(${t.completedAt} is null) = (${t.rating} is null)`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SettingsRow = typeof userSettings.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
