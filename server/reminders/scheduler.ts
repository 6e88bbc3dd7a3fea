// Sending the reminders that are due. Every instance runs the same loop (plugin.ts); the database shares the work:
//
// 1. claim — `UPDATE reminder_schedule SET lease_until = now + LEASE WHERE user_id IN (SELECT … due, unleased …
//    LIMIT n FOR UPDATE SKIP LOCKED)`: instances never wait for each other and never take the same row; a row whose
//    lease ran out (its instance crashed or stopped) is due again.
// 2. decide — not remindable any more → re-sync; far past its hour → 'late'; the user already active that local
//    day → 'skipped'. Each is a reminder_deliveries row inserted ON CONFLICT DO NOTHING.
// 3. send — only the statement that inserts the day's delivery as 'sending' (or re-opens a 'retry') may send: the
//    primary key (user_id, day) lets one message a day through, whatever the leases did. A 'sending' row found by a
//    later claim means a send that may have happened (a crash mid-send): it becomes 'unknown' and is never
//    repeated — at most once, because a gentle reminder missed is better than the same one twice.
// 4. outcome — sent; 429 (retry_after) or a network error that never reached Telegram → 'retry' with backoff;
//    403 → 'blocked' and no reminders until the user writes to the bot; an answer lost on the way → 'unknown'.
import type { FastifyBaseLogger } from 'fastify';
import type { Bot } from 'grammy';
import type { Db } from '../db';
import { classify, openAppButton } from '../bot/service';
import type { Config } from '../config';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { nextSlot, recordBlocked, remindable, REMINDER_HOURS, syncReminder } from '../users/service';
import type { ReminderTime } from '../../contract/settings';
import { REMINDER_WITHOUT_BUTTON, reminderText } from './copy';
import { instantAt } from '../http/time-zone';
import {
  beginSend,
  claimRows,
  decide,
  markUnknown,
  moveSchedule,
  recipientRow,
  settle,
  type Claimed,
  type DeliveryStatus,
} from './repository';

export type { Claimed, DeliveryStatus };

/** How long a claim holds a row: far beyond one send (10 s timeout, two short 429 waits). */
export const LEASE_MS = 2 * 60_000;
/** Rows claimed (and sent concurrently) at a time; a tick claims again until nothing is due. */
export const CLAIM_BATCH = 20;
/**
 * Messages a second one instance sends at most: Telegram asks bulk senders to stay under about 30 a second. Several
 * instances together may go past it; Telegram's 429 then says when to retry, and the reminder is retried.
 */
export const MESSAGES_PER_SECOND = 25;
/** A reminder this long past its hour (the server was down, retries ran on) is dropped as 'late'. */
export const LATE_MS = 3 * 60 * 60_000;
/** Sends begun for one day before giving up ('failed'). */
export const MAX_ATTEMPTS = 6;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 30 * 60_000;

export interface SchedulerDeps {
  db: Db;
  bot: Bot;
  config: Pick<Config, 'defaultTimeZone' | 'publicUrl'>;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now: () => Date;
  /** Pacing between full batches (tests record it instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  messagesPerSecond?: number;
  /** Aborted: claim nothing more (the server is draining); what was claimed is still handled. */
  stop?: AbortSignal;
}

/** What one tick did, by outcome (tests and logs). */
export type TickReport = Partial<Record<DeliveryStatus | 'rescheduled', number>>;

/** Claims up to `limit` due rows for this instance until now + LEASE_MS. */
export async function claimDue(db: Db, now: Date, limit = CLAIM_BATCH): Promise<Claimed[]> {
  return claimRows(db, now, new Date(now.getTime() + LEASE_MS), limit);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Claims and handles due reminders until none is left; returns what happened. After a full batch it waits so that
 * this instance sends at most `messagesPerSecond` (the next claim is only made once the pause is over, so a
 * stopping instance holds no lease meanwhile).
 */
export async function runDueReminders(deps: SchedulerDeps): Promise<TickReport> {
  const { sleep = wait, messagesPerSecond = MESSAGES_PER_SECOND } = deps;
  const report: TickReport = {};
  for (;;) {
    if (deps.stop?.aborted) return report;
    const started = Date.now();
    const claimed = await claimDue(deps.db, deps.now());
    if (claimed.length === 0) return report;
    const outcomes = await Promise.all(claimed.map((row) => handleClaimed(deps, row)));
    for (const outcome of outcomes) report[outcome] = (report[outcome] ?? 0) + 1;
    if (claimed.length === CLAIM_BATCH)
      await sleep(Math.max(0, (claimed.length * 1000) / messagesPerSecond - (Date.now() - started)));
  }
}

interface Recipient {
  telegramId: number;
  reminderTime: ReminderTime;
  timeZone: string;
  botAccess: string | null;
  botBlockedAt: Date | null;
  active: boolean;
}

/** The user, what decides their reminder, and whether they were active on `day` — one query. */
async function recipient(deps: SchedulerDeps, { userId, day }: Claimed): Promise<Recipient | null> {
  const row = await recipientRow(deps.db, userId, day);
  if (!row) return null;
  return {
    ...row,
    reminderTime: (row.reminderTime ?? DEFAULT_SETTINGS.reminder_time) as ReminderTime,
    timeZone: row.timeZone ?? deps.config.defaultTimeZone,
  };
}

/** Decides, sends and records one claimed reminder. */
export async function handleClaimed(deps: SchedulerDeps, row: Claimed): Promise<DeliveryStatus | 'rescheduled'> {
  const { db, log } = deps;
  const now = deps.now();
  const user = await recipient(deps, row);
  if (!user) return 'rescheduled'; // the user is gone (their schedule row went with them)
  if (!remindable(user)) {
    await syncReminder(db, row.userId, deps.config.defaultTimeZone, now); // a change raced the claim
    return 'rescheduled';
  }
  const hour = REMINDER_HOURS[user.reminderTime];
  const advance = () => advanceSchedule(db, row, user.timeZone, hour, now);

  if (now.getTime() - instantAt(user.timeZone, row.day, hour).getTime() > LATE_MS) {
    await decide(db, row, 'late');
    await advance();
    return 'late';
  }
  if (user.active) {
    await decide(db, row, 'skipped', 'active');
    await advance();
    return 'skipped';
  }

  const attempt = await beginSend(db, row);
  if (attempt === null) {
    // Already decided for this day — or a send was under way when its instance died: it may have reached the
    // user, so it is 'unknown' and not repeated.
    const was = await markUnknown(db, row, 'lease expired during the send', now);
    await advance();
    return was ? 'unknown' : 'rescheduled';
  }

  const button = openAppButton(deps.config);
  const text = reminderText(user.reminderTime, row.userId, row.day);
  try {
    const message = await deps.bot.api.sendMessage(
      user.telegramId,
      button ? text : `${text}\n\n${REMINDER_WITHOUT_BUTTON}`,
      button ? { reply_markup: button } : {},
    );
    await settle(db, row, 'sent', { messageId: message.message_id });
    await advance();
    return 'sent';
  } catch (error) {
    const failure = classify(error);
    log.warn({ err: error, userId: row.userId, day: row.day, failure: failure.kind }, 'reminder not sent');
    if (failure.kind === 'blocked') {
      await settle(db, row, 'blocked', { reason: failure.reason });
      await recordBlocked(db, user.telegramId, deps.config.defaultTimeZone, now); // also drops the schedule
      return 'blocked';
    }
    if (failure.kind === 'retry' && attempt < MAX_ATTEMPTS) {
      await settle(db, row, 'retry', { reason: failure.reason });
      const backoff = Math.min(BACKOFF_BASE_MS * 2 ** (attempt - 1), BACKOFF_MAX_MS);
      await moveSchedule(db, row, { dueAt: new Date(now.getTime() + Math.max(failure.afterMs, backoff)) });
      return 'retry';
    }
    const status = failure.kind === 'unknown' ? 'unknown' : 'failed';
    await settle(db, row, status, { reason: failure.reason });
    await advance();
    return status;
  }
}

/** The user's next day's reminder, unless something re-synced the row to another day meanwhile. */
async function advanceSchedule(db: Db, row: Claimed, zone: string, hour: number, now: Date): Promise<void> {
  const next = nextSlot(zone, hour, now, row.day);
  await moveSchedule(db, row, { day: next.day, dueAt: next.dueAt });
}
