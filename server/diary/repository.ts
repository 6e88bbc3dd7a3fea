// Diary queries: all of the diary's SQL (its rules, and the create's transaction with the quota, are service.ts's).
// Every query is scoped by the owner's user id, so another user's entry is simply "not found". The list uses the (user_id, created_at desc, id desc) index and its partial twin for favourites; its total comes
// from the per-user diary_counters row (kept in the create, toggle and delete transactions) instead of a count.
import { and, desc, eq, gte, sql, type Placeholder } from 'drizzle-orm';
import type { DiaryCreateInput, DiaryEntry, DiaryListQuery, DiaryUpdateInput } from '../../contract/diary';
import { preparedPerDb, type Db, type Executor } from '../db';
import { diaryCounters, diaryEntries } from '../db/schema';

type Row = typeof diaryEntries.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id cannot name an entry: answer "not found" without asking PostgreSQL (which would throw). */
export const isEntryId = (id: string) => UUID.test(id);

/** The API's shape of an entry (a whole row, or the list's selection of the same columns). */
export function toDto(
  row: Pick<Row, 'id' | 'title' | 'content' | 'mood' | 'isFavorite' | 'sourceType' | 'sourceId' | 'createdAt'>,
): DiaryEntry {
  return {
    id: row.id,
    title: row.title ?? null,
    content: row.content,
    mood: (row.mood ?? null) as DiaryEntry['mood'],
    is_favorite: row.isFavorite,
    source_type: row.sourceType as DiaryEntry['source_type'],
    source_id: row.sourceId ?? null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** The list's filter: the owner, optionally favourites only and a date window (values or placeholders). */
function listFilter(userId: number | Placeholder, favorites: boolean, dateFrom: Date | Placeholder | undefined) {
  return and(
    eq(diaryEntries.userId, userId),
    dateFrom === undefined ? undefined : gte(diaryEntries.createdAt, dateFrom),
    favorites ? eq(diaryEntries.isFavorite, true) : undefined,
  );
}

function prepareList(db: Db, favorites: boolean, dated: boolean) {
  // Without a date window the total is the user's counter row, read by the same statement as the page (one round
  // trip). A date window is counted instead, but it is bounded by the daily limit × 30 days.
  const counterColumn = favorites ? diaryCounters.favorites : diaryCounters.total;
  const counter = dated
    ? sql<number | null>`null::int`
    : sql<
        number | null
      >`(select ${counterColumn} from ${diaryCounters} where ${diaryCounters.userId} = ${sql.placeholder('userId')})`;
  return db
    .select({
      id: diaryEntries.id,
      title: diaryEntries.title,
      content: diaryEntries.content,
      mood: diaryEntries.mood,
      isFavorite: diaryEntries.isFavorite,
      sourceType: diaryEntries.sourceType,
      sourceId: diaryEntries.sourceId,
      createdAt: diaryEntries.createdAt,
      counter,
    })
    .from(diaryEntries)
    .where(listFilter(sql.placeholder('userId'), favorites, dated ? sql.placeholder('dateFrom') : undefined))
    .orderBy(desc(diaryEntries.createdAt), desc(diaryEntries.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('skip'))
    .prepare(`diary_list_${favorites ? 'fav' : 'all'}_${dated ? 'dated' : 'any'}`);
}

// The list's four shapes (favourites or not × date window or not), each prepared once per database handle
// (preparedPerDb); selecting flat columns straight into the DTO instead of a nested `{ entry: table }` also cut the
// mapping cost. Indexed [favorites][dated].
const listStatements = [false, true].map((favorites) =>
  [false, true].map((dated) => preparedPerDb((db) => prepareList(db, favorites, dated))),
);

export async function listEntries(db: Db, userId: number, query: DiaryListQuery) {
  const favorites = query.is_favorite === 'true';
  const dateFrom = query.dateFrom ? new Date(query.dateFrom) : undefined;
  const rows = await listStatements[Number(favorites)]![Number(dateFrom !== undefined)]!(db).execute({
    userId,
    dateFrom,
    limit: query.limit,
    skip: query.skip,
  });
  const entries = rows.map(toDto);
  // A short, non-empty page (or a short first page) is the last one: the total is known without counting.
  if (rows.length < query.limit && (rows.length > 0 || query.skip === 0)) {
    return { entries, total: query.skip + rows.length };
  }
  const fromCounter = rows[0]?.counter;
  if (fromCounter !== null && fromCounter !== undefined) return { entries, total: Number(fromCounter) };
  // Past the end, or entries written outside the API (no counter row): count.
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(diaryEntries)
    .where(listFilter(userId, favorites, dateFrom));
  return { entries, total: Number(counted?.total ?? 0) };
}

/** When the entry at `offset` of the user's list (all entries, from `dateFrom` when given) was written; null: none. */
export async function entryTimeAt(db: Db, userId: number, offset: number, dateFrom?: Date): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: diaryEntries.createdAt })
    .from(diaryEntries)
    .where(listFilter(userId, false, dateFrom))
    .orderBy(desc(diaryEntries.createdAt), desc(diaryEntries.id))
    .limit(1)
    .offset(offset);
  return row ? new Date(row.createdAt) : null;
}

export async function getEntry(db: Executor, userId: number, id: string): Promise<DiaryEntry | null> {
  if (!isEntryId(id)) return null;
  const [row] = await db
    .select()
    .from(diaryEntries)
    .where(and(eq(diaryEntries.id, id), eq(diaryEntries.userId, userId)))
    .limit(1);
  return row ? toDto(row) : null;
}

/** Inserts the entry unless one with its client id exists (the unique key decides); undefined then. */
export async function insertEntry(tx: Executor, userId: number, input: DiaryCreateInput): Promise<Row | undefined> {
  const [row] = await tx
    .insert(diaryEntries)
    .values({
      userId,
      title: input.title,
      content: input.content,
      mood: input.mood,
      isFavorite: input.is_favorite,
      sourceType: input.source?.source_type ?? 'manual',
      sourceId: input.source?.source_id ?? null,
      clientId: input.client_id ?? null,
    })
    .onConflictDoNothing({ target: [diaryEntries.userId, diaryEntries.clientId] })
    .returning();
  return row;
}

/** The user's entry with this client id (it exists: an insert just conflicted on it). */
export async function entryByClientId(tx: Executor, userId: number, clientId: string): Promise<DiaryEntry> {
  const [existing] = await tx
    .select()
    .from(diaryEntries)
    .where(and(eq(diaryEntries.userId, userId), eq(diaryEntries.clientId, clientId)))
    .limit(1);
  return toDto(existing!);
}

/** One more entry (and favourite) on the user's counters, which the list reads as its total. */
export async function countNewEntry(tx: Executor, userId: number, isFavorite: boolean): Promise<void> {
  const favorite = isFavorite ? 1 : 0;
  await tx
    .insert(diaryCounters)
    .values({ userId, total: 1, favorites: favorite })
    .onConflictDoUpdate({
      target: diaryCounters.userId,
      set: { total: sql`${diaryCounters.total} + 1`, favorites: sql`${diaryCounters.favorites} + ${favorite}` },
    });
}

/**
 * Changes the user's entry (title, content, mood — what the input names), in one statement; null when there is no
 * such entry of theirs. Editing is not writing a new entry: no quota is spent, on any plan.
 */
export async function updateEntry(
  db: Db,
  userId: number,
  id: string,
  input: DiaryUpdateInput,
): Promise<DiaryEntry | null> {
  if (!isEntryId(id)) return null;
  const set: Partial<typeof diaryEntries.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.content !== undefined) set.content = input.content;
  if (input.mood !== undefined) set.mood = input.mood;
  const [row] = await db
    .update(diaryEntries)
    .set(set)
    .where(and(eq(diaryEntries.id, id), eq(diaryEntries.userId, userId)))
    .returning();
  return row ? toDto(row) : null;
}

/** Flips the flag and moves the favourites counter by one, in one transaction. */
export async function toggleFavorite(db: Db, userId: number, id: string): Promise<DiaryEntry | null> {
  if (!isEntryId(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(diaryEntries)
      .set({ isFavorite: sql`not ${diaryEntries.isFavorite}` })
      .where(and(eq(diaryEntries.id, id), eq(diaryEntries.userId, userId)))
      .returning();
    if (!row) return null;
    await tx
      .update(diaryCounters)
      .set({ favorites: sql`${diaryCounters.favorites} + ${row.isFavorite ? 1 : -1}` })
      .where(eq(diaryCounters.userId, userId));
    return toDto(row);
  });
}

/**
 * Deletes the user's entry for good and takes it off the counters in the same transaction; false when there was no
 * such entry of theirs. Today's diary quota is not given back: the limit counts entries written, so writing and
 * deleting cannot make room for more.
 */
export async function deleteEntry(db: Db, userId: number, id: string): Promise<boolean> {
  if (!isEntryId(id)) return false;
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(diaryEntries)
      .where(and(eq(diaryEntries.id, id), eq(diaryEntries.userId, userId)))
      .returning({ isFavorite: diaryEntries.isFavorite });
    if (!gone) return false;
    await tx
      .update(diaryCounters)
      .set({
        total: sql`greatest(${diaryCounters.total} - 1, 0)`,
        favorites: sql`greatest(${diaryCounters.favorites} - ${gone.isFavorite ? 1 : 0}, 0)`,
      })
      .where(eq(diaryCounters.userId, userId));
    return true;
  });
}
