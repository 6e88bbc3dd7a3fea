// All of the users domain's SQL: the users row (sign-in's upsert, the public record, the kept zone, the risk flag,
// whether the bot may write), the settings row, and the user's row of reminder_schedule kept in step with them.
import { and, eq, getTableColumns, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { preparedPerDb, type Db, type Executor, type Tx } from '../db';
import { reminderSchedule, users, userSettings } from '../db/schema';

// ——— Sign-in and the public record ———

/** Upserts the Telegram user's profile: the row, and whether this statement inserted it. */
export async function upsertUser(
  tx: Tx,
  values: Pick<
    typeof users.$inferInsert,
    'telegramId' | 'firstName' | 'lastName' | 'username' | 'photoUrl' | 'languageCode'
  >,
) {
  const [row] = await tx
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.telegramId, set: { ...values, updatedAt: new Date() } })
    // PostgreSQL's tell for "this statement inserted the row" (an updated row has the updater's xmax).
    .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
  return row!;
}

/** The /dev launcher's demo user: inserted, or its first name changed; its id. */
export async function upsertDemoUser(
  db: Db,
  values: Pick<typeof users.$inferInsert, 'telegramId' | 'firstName' | 'username' | 'languageCode'>,
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.telegramId, set: { firstName: values.firstName } })
    .returning({ id: users.id });
  return row!.id;
}

// The hottest query of the API: built once per database handle (preparedPerDb).
const getUserStatement = preparedPerDb((db) =>
  db
    .select({
      telegramId: users.telegramId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      photoUrl: users.photoUrl,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('get_user'),
);

/** The user's public columns by primary key (GET /api/users/me and the API bench's bare route). */
export async function userRowOf(db: Db, id: number) {
  const [row] = await getUserStatement(db).execute({ id });
  return row;
}

// ——— The kept time zone ———

/** Keeps `zone` when the stored one is unset, or another zone set before `changeableBefore`: the new pair, if kept. */
export async function setZoneIfChangeable(
  db: Executor,
  userId: number,
  zone: string,
  now: Date,
  changeableBefore: Date,
) {
  const [changed] = await db
    .update(users)
    .set({ timeZone: zone, timeZoneSetAt: now })
    .where(
      and(
        eq(users.id, userId),
        or(
          isNull(users.timeZone),
          and(ne(users.timeZone, zone), or(isNull(users.timeZoneSetAt), lte(users.timeZoneSetAt, changeableBefore))),
        ),
      ),
    )
    .returning({ timeZone: users.timeZone, timeZoneSetAt: users.timeZoneSetAt });
  return changed;
}

export async function zoneOf(db: Executor, userId: number) {
  const [kept] = await db
    .select({ timeZone: users.timeZone, timeZoneSetAt: users.timeZoneSetAt })
    .from(users)
    .where(eq(users.id, userId));
  return kept;
}

// ——— The risk flag ———

/** When the safety net last saw a risk signal from the user; null: never. */
export async function riskFlaggedAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ at: users.riskFlaggedAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
}

export async function setRiskFlaggedAt(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ riskFlaggedAt: at }).where(eq(users.id, userId));
}

// ——— Whether the bot may write ———

export async function botAccessOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ botAccess: users.botAccess, botBlockedAt: users.botBlockedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const notAllowed = or(isNull(users.botAccess), ne(users.botAccess, 'allowed'))!;

/** Each statement changes only a row it changes something in, and returns the ids it changed. */
const changeUsers = (db: Executor, where: SQL, set: Partial<typeof users.$inferInsert>) =>
  db.update(users).set(set).where(where).returning({ id: users.id });

/** The user allowed the bot (lifting a block recorded before). */
export const allowBot = (db: Executor, userId: number) =>
  changeUsers(db, and(eq(users.id, userId), or(notAllowed, isNotNull(users.botBlockedAt)))!, {
    botAccess: 'allowed',
    botBlockedAt: null,
  });

export const denyBot = (db: Executor, userId: number) =>
  changeUsers(db, and(eq(users.id, userId), or(isNull(users.botAccess), ne(users.botAccess, 'denied')))!, {
    botAccess: 'denied',
  });

/** allows_write_to_pm: allowed, a block left as it is. */
export const allowBotByLaunch = (db: Executor, userId: number) =>
  changeUsers(db, and(eq(users.id, userId), notAllowed)!, { botAccess: 'allowed' });

/** The user (by Telegram id) wrote to the bot or unblocked it. */
export const allowBotByMessage = (db: Executor, telegramId: number) =>
  changeUsers(db, and(eq(users.telegramId, telegramId), or(notAllowed, isNotNull(users.botBlockedAt)))!, {
    botAccess: 'allowed',
    botBlockedAt: null,
  });

/** The user (by Telegram id) blocked the bot, at `now`. */
export const blockBot = (db: Executor, telegramId: number, now: Date) =>
  changeUsers(db, and(eq(users.telegramId, telegramId), isNull(users.botBlockedAt))!, { botBlockedAt: now });

// ——— Settings ———

export async function settingsRowOf(db: Executor, userId: number) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row;
}

/** Inserts the settings row with `values`, or applies `set` to the existing one: the row after. */
export async function upsertSettings(
  db: Executor,
  values: typeof userSettings.$inferInsert,
  set: Partial<typeof userSettings.$inferInsert>,
) {
  const [row] = await db
    .insert(userSettings)
    .values(values)
    .onConflictDoUpdate({ target: userSettings.userId, set })
    .returning();
  return row;
}

// ——— Active days ———

/** The day once (ON CONFLICT DO NOTHING) with the run it continues, joining a later run that follows it. */
export async function insertActivityDay(db: Executor, userId: number, day: string): Promise<void> {
  await db.execute(sql`
    with added as (
      insert into activity_days (user_id, day, run_start)
      values (${userId}, ${day}::date, coalesce(
        (select run_start from activity_days where user_id = ${userId} and day = ${day}::date - 1), ${day}::date))
      on conflict do nothing
      returning run_start
    )
    update activity_days set run_start = (select run_start from added)
    where user_id = ${userId} and day > ${day}::date and run_start = ${day}::date + 1 and exists (select 1 from added)
  `);
}

// ——— The reminder's schedule row ———

/** What decides the user's reminder as stored (null columns: the defaults apply); undefined: no such user. */
export async function reminderInputsRow(db: Executor, userId: number) {
  const [row] = await db
    .select({
      reminderTime: userSettings.reminderTime,
      timeZone: users.timeZone,
      botAccess: users.botAccess,
      botBlockedAt: users.botBlockedAt,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function deleteSchedule(db: Executor, userId: number): Promise<void> {
  await db.delete(reminderSchedule).where(eq(reminderSchedule.userId, userId));
}

/** The user's next reminder, replacing any other (and its lease). */
export async function upsertSchedule(db: Executor, userId: number, slot: { day: string; dueAt: Date }): Promise<void> {
  await db
    .insert(reminderSchedule)
    .values({ userId, day: slot.day, dueAt: slot.dueAt })
    .onConflictDoUpdate({
      target: reminderSchedule.userId,
      set: { day: slot.day, dueAt: slot.dueAt, leaseUntil: null },
    });
}
