// Pure rules of editing a diary entry from its page (docs/diary.md "Editing"): the edit is a draft of its own, kept
// per entry beside the new-entry drafts and with the same safety — every change is stored, a failed save keeps it,
// it is cleared only after the server took it — and an untitled entry is named by its first words.
import { DIARY_CONTENT_MAX, DIARY_TITLE_MAX, MOODS } from '../../contract/constants';
import type { DiaryEntry, DiaryUpdateBody, Mood } from '../../contract/diary';
import { cleanText } from '../clean-text';
import { storedList } from '../stored-list';

export interface EditDraft {
  /** The entry it changes. */
  id: string;
  title: string;
  content: string;
  mood: Mood | null;
}

/** How many entries' unsaved edits are kept per user; the least recently changed goes first. */
export const MAX_EDIT_DRAFTS = 10;

export const editDraftOf = (entry: DiaryEntry): EditDraft => ({
  id: entry.id,
  title: entry.title ?? '',
  content: entry.content,
  mood: entry.mood,
});

/** The PATCH body: the same trimming as a new entry's (a blank title clears it). */
export const updateBodyOf = (draft: EditDraft): DiaryUpdateBody => ({
  title: draft.title.trim() || null,
  content: draft.content.trim(),
  mood: draft.mood,
});

export function withEditDraft(drafts: readonly EditDraft[], draft: EditDraft): EditDraft[] {
  return [...drafts.filter((d) => d.id !== draft.id), draft].slice(-MAX_EDIT_DRAFTS);
}

export const withoutEditDraft = (drafts: readonly EditDraft[], id: string): EditDraft[] =>
  drafts.filter((d) => d.id !== id);

const isMood = (v: unknown): v is Mood => (MOODS as readonly unknown[]).includes(v);

/** Reads stored edit drafts strictly (storage may hold anything): what the server would refuse is dropped or cut. */
export function parseEditDrafts(raw: string | null): EditDraft[] {
  const drafts: EditDraft[] = [];
  for (const v of storedList(raw)) {
    if (typeof v !== 'object' || v === null) continue;
    const d = v as Record<string, unknown>;
    if (typeof d.id !== 'string' || !d.id || typeof d.content !== 'string') continue;
    drafts.push({
      id: d.id,
      title: typeof d.title === 'string' ? cleanText(d.title, DIARY_TITLE_MAX) : '',
      content: cleanText(d.content, DIARY_CONTENT_MAX),
      mood: isMood(d.mood) ? d.mood : null,
    });
  }
  return drafts.reduce<EditDraft[]>(withEditDraft, []);
}

/** How many characters of an untitled entry's text name it. */
export const FIRST_WORDS_MAX = 48;

/**
 * The entry's name: its title, else its first words (whole words, «…» when cut), so a list of untitled entries is
 * not a column of «Без заголовка».
 */
export function entryHeading(entry: Pick<DiaryEntry, 'title' | 'content'>): string {
  if (entry.title?.trim()) return entry.title.trim();
  const text = entry.content.replace(/\s+/g, ' ').trim();
  if (text.length <= FIRST_WORDS_MAX) return text;
  const cut = text.slice(0, FIRST_WORDS_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut.slice(0, FIRST_WORDS_MAX)).replace(/[\s,.;:—–-]+$/, '')}…`;
}
