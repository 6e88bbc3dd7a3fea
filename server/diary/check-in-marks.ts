// The diary list's mood marks: the check-ins (home's one tap) shown among the entries by their time, for plans that
// have the diary. Each page carries the check-ins between its last entry and the previous page's last, so the pages
// tile time and no mark shows twice or goes missing (the last page takes everything older).
import type { CheckIn } from '../../contract/checkin';
import type { DiaryEntry, DiaryListQuery } from '../../contract/diary';
import { checkInsBetween, hasDiary } from '../checkin/service';
import type { Db } from '../db';
import { entryTimeAt } from './repository';

export async function checkInMarks(
  db: Db,
  userId: number,
  query: DiaryListQuery,
  page: { entries: DiaryEntry[]; total: number },
  now: Date,
): Promise<CheckIn[]> {
  if (query.is_favorite === 'true') return [];
  const since = query.dateFrom ? new Date(query.dateFrom) : undefined;
  const last = page.entries.at(-1);
  const more = query.skip + page.entries.length < page.total;
  const after = more && last ? new Date(last.created_at) : undefined;
  const [diary, before] = await Promise.all([
    hasDiary(db, userId, now),
    query.skip > 0 ? entryTimeAt(db, userId, query.skip - 1, since) : undefined,
  ]);
  // Past the end of the list (skip beyond every entry): the last page already carried them.
  if (!diary || before === null) return [];
  return checkInsBetween(db, userId, { after, before, since });
}
