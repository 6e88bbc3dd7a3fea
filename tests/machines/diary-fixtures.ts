// Shared diary entries for the diary machine tests.
import type { DiaryEntry } from '../../contract/diary';

export function makeEntry(n: number, over: Partial<DiaryEntry> = {}): DiaryEntry {
  return {
    id: `e${n}`,
    title: n % 2 ? `Запись ${n}` : null,
    content: `Текст ${n}`,
    mood: null,
    is_favorite: false,
    source_type: 'manual',
    source_id: null,
    created_at: new Date(Date.UTC(2025, 2, 10, 12, 0, 0) - n * 60_000).toISOString(),
    ...over,
  };
}

export const entries = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => makeEntry(from + i));
