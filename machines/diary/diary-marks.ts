// The diary list's rows: the entries as the server ordered them (newest first), with the check-ins (home's mood
// marks) among them by time. Pure; the last answer is kept, so the same two arrays give the same rows array and a
// screen comparing its view field by field does not re-render for nothing.
import type { CheckIn } from '../../contract/checkin';
import type { DiaryEntry } from '../../contract/diary';

export type DiaryRow = { kind: 'entry'; entry: DiaryEntry } | { kind: 'checkIn'; checkIn: CheckIn };

/** Appends a page's marks, skipping days already shown (a mark is one per day). */
export function appendMarks(marks: CheckIn[], page: CheckIn[] | undefined): CheckIn[] {
  if (!page?.length) return marks;
  const seen = new Set(marks.map((m) => m.day));
  return marks.concat(page.filter((m) => !seen.has(m.day)));
}

let last: { entries: DiaryEntry[]; marks: CheckIn[]; rows: DiaryRow[] } | null = null;

export function diaryRows(entries: DiaryEntry[], marks: CheckIn[]): DiaryRow[] {
  if (last && last.entries === entries && last.marks === marks) return last.rows;
  const byTime = [...marks].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const rows: DiaryRow[] = [];
  let m = 0;
  for (const entry of entries) {
    while (m < byTime.length && byTime[m]!.updated_at > entry.created_at)
      rows.push({ kind: 'checkIn', checkIn: byTime[m++]! });
    rows.push({ kind: 'entry', entry });
  }
  while (m < byTime.length) rows.push({ kind: 'checkIn', checkIn: byTime[m++]! });
  last = { entries, marks, rows };
  return rows;
}
