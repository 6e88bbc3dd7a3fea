// The diary list's pure rules by hand. Its rows: home's mood marks sorted among the entries by time whatever order
// they came in (a mark at the same instant as an entry after it), one mark per day across pages, and the kept answer —
// the same rows array for the same two arrays, new rows when either changes. Its filters: whether the server still
// lists an entry for a date chip (from its start on, inclusive).
import { describe, expect, it } from 'vitest';
import type { CheckIn } from '../../contract/checkin';
import { matchesQuery } from '../../machines/diary/diary-filters';
import { appendMarks, diaryRows } from '../../machines/diary/diary-marks';
import { makeEntry } from './diary-fixtures';

/** A check-in at the instant of entry `n` (n minutes before 12:00 on 2025-03-10) plus `extraMinutes`. */
const mark = (day: string, n: number, extraMinutes = 0): CheckIn => ({
  day,
  mood: 'good',
  note: null,
  updated_at: new Date(Date.UTC(2025, 2, 10, 12, 0, 0) - (n + extraMinutes) * 60_000).toISOString(),
});
const names = (rows: ReturnType<typeof diaryRows>) =>
  rows.map((r) => (r.kind === 'entry' ? r.entry.id : `mark ${r.checkIn.day}`));

describe('diary rows', () => {
  const e1 = makeEntry(1);
  const e3 = makeEntry(3);
  const older = mark('2025-03-08', 5); // after e3 in the list (older)
  const between = mark('2025-03-09', 2); // between e1 and e3
  const newest = mark('2025-03-10', 0); // before e1

  it('sorts the marks newest first among the entries, whatever order they came in', () => {
    expect(names(diaryRows([e1, e3], [older, newest, between]))).toEqual([
      'mark 2025-03-10',
      'e1',
      'mark 2025-03-09',
      'e3',
      'mark 2025-03-08',
    ]);
  });

  it('a mark at the same instant as an entry comes after it', () => {
    expect(names(diaryRows([e1, e3], [mark('2025-03-09', 3)]))).toEqual(['e1', 'e3', 'mark 2025-03-09']);
  });

  it('the same two arrays give the same rows array; new marks with the same entries give new rows', () => {
    const list = [e1, e3];
    const marks = [between];
    const rows = diaryRows(list, marks);
    expect(diaryRows(list, marks)).toBe(rows);
    const more = [between, newest];
    expect(names(diaryRows(list, more))).toEqual(['mark 2025-03-10', 'e1', 'mark 2025-03-09', 'e3']);
    expect(diaryRows(list, [between])).not.toBe(rows); // equal arrays, not the same: computed again
    expect(names(diaryRows([e3], marks))).toEqual(['mark 2025-03-09', 'e3']);
  });
});

describe('appending a page of marks', () => {
  it('skips days already shown (a mark is one per day), keeps the order', () => {
    const shown = [mark('2025-03-10', 0), mark('2025-03-09', 2)];
    const page = [mark('2025-03-09', 30), mark('2025-03-08', 40)];
    expect(appendMarks(shown, page).map((m) => m.day)).toEqual(['2025-03-10', '2025-03-09', '2025-03-08']);
    expect(appendMarks(shown, page)[1]).toBe(shown[1]);
    expect(appendMarks(shown, undefined)).toBe(shown);
    expect(appendMarks(shown, [])).toBe(shown);
  });
});

describe('an entry under a date chip', () => {
  const from = '2025-03-10T11:57:00.000Z'; // entry 3's instant (makeEntry: n minutes before 12:00)
  it('is listed from the chip’s start on, the start included, and not before it', () => {
    expect(matchesQuery(makeEntry(2), { dateFrom: from })).toBe(true);
    expect(matchesQuery(makeEntry(3), { dateFrom: from })).toBe(true);
    expect(matchesQuery(makeEntry(4), { dateFrom: from })).toBe(false);
    expect(matchesQuery(makeEntry(4), {})).toBe(true);
  });
});
