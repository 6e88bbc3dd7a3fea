// «Скачать мои данные»: everything stored about the user as one JSON document (GET /api/users/me/export), read in
// one repeatable-read transaction so the parts agree with each other. Sealed text is opened: the export is for its
// owner.
//
// The document is a list of parts, each naming the tables it covers. tests/server/privacy.test.ts fails when a table
// of server/db/schema.ts is in no part and not in NOT_EXPORTED, so a new table cannot be forgotten. A table holding
// rows per user (a `user_id` column) joins with one line:
//
//   { key: 'activity_days', tables: [activityDays], read: rowsOf(activityDays, activityDays.day) },
import type { UserExport } from '../../contract/users';
import { getTableColumns, type Column } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../db';
import {
  activityDays,
  chatMessages,
  checkIns,
  chats,
  dailyUsage,
  diaryCounters,
  diaryEntries,
  practiceSessions,
  subscriptions,
  dataEncryption,
  erasedAccounts,
  invoices,
  payments,
  planEndNotices,
  refunds,
  reminderDeliveries,
  reminderSchedule,
  safetyPlans,
  subscriptionGrants,
  userKeys,
  userSettings,
  users,
  voiceTranscriptions,
} from '../db/schema';
import { exportBilling } from '../billing/service';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { chatsAndMessages, userRow, userRows } from './repository';

export const EXPORT_FORMAT = 'wellbeing-export/1';

export interface ExportPart {
  /** The part's key in the document. */
  key: string;
  /** The tables whose rows of the user it holds. */
  tables: PgTable[];
  read: (db: Executor, userId: number) => Promise<unknown>;
}

/** A value as JSON shows it: dates as ISO strings. */
const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** A row with the database's column names (snake_case), the internal user id left out (it means nothing outside). */
function rowJson(table: PgTable, row: Record<string, unknown>, internal = 'user_id'): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, Column>)) {
    if (column.name !== internal) json[column.name] = plain(row[key]);
  }
  return json;
}

type UserTable = PgTable & { userId: PgColumn };

/** Every row of the user in `table` (one with a `user_id` column), oldest first when it has `created_at`. */
export function rowsOf(table: UserTable, orderBy?: PgColumn) {
  return async (db: Executor, userId: number) => {
    const rows = await userRows(db, table, userId, orderBy);
    return rows.map((row) => rowJson(table, row));
  };
}

/** The user's single row in `table`, or null. */
function rowOf(table: UserTable) {
  return async (db: Executor, userId: number) => (await rowsOf(table)(db, userId))[0] ?? null;
}

async function profile(db: Executor, userId: number) {
  const row = await userRow(db, userId);
  return row ? rowJson(users, row, 'id') : null;
}

async function settings(db: Executor, userId: number) {
  return (await rowOf(userSettings)(db, userId)) ?? { ...DEFAULT_SETTINGS, note: 'настройки по умолчанию' };
}

async function diary(db: Executor, userId: number) {
  return {
    entries: await rowsOf(diaryEntries, diaryEntries.createdAt)(db, userId),
    counters: await rowOf(diaryCounters)(db, userId),
  };
}

async function chatsWithMessages(db: Executor, userId: number) {
  const { list, messages } = await chatsAndMessages(db, userId);
  return list.map((chat) => ({
    ...rowJson(chats, chat),
    messages: messages.filter((m) => m.chatId === chat.id).map((m) => rowJson(chatMessages, m)),
  }));
}

async function reminders(db: Executor, userId: number) {
  return {
    next: await rowOf(reminderSchedule)(db, userId),
    sent: await rowsOf(reminderDeliveries, reminderDeliveries.day)(db, userId),
  };
}

export const exportParts: ExportPart[] = [
  { key: 'profile', tables: [users], read: profile },
  { key: 'settings', tables: [userSettings], read: settings },
  { key: 'subscription', tables: [subscriptions], read: rowOf(subscriptions) },
  { key: 'usage', tables: [dailyUsage], read: rowsOf(dailyUsage, dailyUsage.day) },
  { key: 'diary', tables: [diaryEntries, diaryCounters], read: diary },
  { key: 'check_ins', tables: [checkIns], read: rowsOf(checkIns, checkIns.day) },
  { key: 'chats', tables: [chats, chatMessages], read: chatsWithMessages },
  { key: 'practices', tables: [practiceSessions], read: rowsOf(practiceSessions, practiceSessions.startedAt) },
  { key: 'payments', tables: [invoices, payments, refunds, subscriptionGrants], read: exportBilling },
  { key: 'voice', tables: [voiceTranscriptions], read: rowsOf(voiceTranscriptions, voiceTranscriptions.createdAt) },
  { key: 'activity_days', tables: [activityDays], read: rowsOf(activityDays, activityDays.day) },
  { key: 'reminders', tables: [reminderSchedule, reminderDeliveries], read: reminders },
  { key: 'safety_plan', tables: [safetyPlans], read: rowOf(safetyPlans) },
  // The bot's words before a plan ends: which were sent, when, or why not.
  { key: 'plan_end_notices', tables: [planEndNotices], read: rowsOf(planEndNotices, planEndNotices.endsAt) },
];

/** Tables that hold nothing of any one account, and why. */
export const NOT_EXPORTED: Array<{ table: PgTable; why: string }> = [
  { table: dataEncryption, why: 'the sealed secret and the names of the keys in use: the server’s, about no one' },
  {
    table: userKeys,
    why: 'the user’s data key, wrapped with the server’s master key: it seals the text the export gives in the clear',
  },
  {
    table: erasedAccounts,
    why: 'what an erased account keeps under a hash: no account has a row while it exists (sign-in moves it back)',
  },
];

/** The whole document. */
export async function exportUserData(db: Db, userId: number, now = new Date()) {
  return db.transaction(
    async (tx) => {
      const document: UserExport = { format: EXPORT_FORMAT, exported_at: now.toISOString() };
      for (const part of exportParts) document[part.key] = await part.read(tx, userId);
      return document;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The file name the export is offered under: «my-data-2026-05-01.json». */
/** An export answer (GET /api/users/me/export and the signed link): a file to keep, never cached anywhere. */
export function sendExport<R extends { header(name: string, value: string): R }>(reply: R, fileName: string): R {
  return reply.header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');
}

export const exportFileName = (now = new Date()) => `my-data-${now.toISOString().slice(0, 10)}.json`;
