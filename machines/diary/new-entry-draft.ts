// Pure rules of the new-entry form's starting values and its saved draft.
// A draft remembers which prefill ("basis") it grew from. Opening the form again restores the draft unless the
// navigation carries a *different* prefill (e.g. a new chat suggestion), which then wins: it is the user's
// newer intent. Reloading the page keeps the same navigation state, so a draft never loses to its own prefill.
import { DIARY_CONTENT_MAX, DIARY_TITLE_MAX, MOODS, type DiaryCreateBody, type Mood, type SourceType } from '../../contract/diary';

export interface NewEntryPrefill {
  suggestedContent?: string;
  suggestedTitle?: string;
  mood?: Mood;
  sourceType?: SourceType;
  sourceId?: string;
}

export interface NewEntryForm {
  title: string;
  content: string;
  mood: Mood | null;
  isFavorite: boolean;
  source: { source_type: SourceType; source_id: string | null } | null;
}

export interface NewEntryDraft extends NewEntryForm {
  basis: string;
}

export const DRAFT_STORAGE_KEY = 'diary_draft';

export function prefillKey(prefill: NewEntryPrefill | undefined): string {
  if (!prefill) return '';
  const { suggestedContent, suggestedTitle, mood, sourceType, sourceId } = prefill;
  if (!suggestedContent && !suggestedTitle && !mood && !sourceType) return '';
  return JSON.stringify([suggestedContent ?? '', suggestedTitle ?? '', mood ?? '', sourceType ?? '', sourceId ?? '']);
}

export function formFromPrefill(prefill: NewEntryPrefill | undefined): NewEntryForm {
  return {
    title: (prefill?.suggestedTitle ?? '').slice(0, DIARY_TITLE_MAX),
    content: (prefill?.suggestedContent ?? '').slice(0, DIARY_CONTENT_MAX),
    mood: prefill?.mood ?? null,
    isFavorite: false,
    source: prefill?.sourceType ? { source_type: prefill.sourceType, source_id: prefill.sourceId ?? null } : null,
  };
}

/** The form the user starts with, and the basis a new draft records. */
export function initialForm(prefill: NewEntryPrefill | undefined, draft: NewEntryDraft | null | undefined) {
  const basis = prefillKey(prefill);
  if (draft && (basis === '' || draft.basis === basis)) {
    const { basis: draftBasis, ...form } = draft;
    return { form, basis: draftBasis };
  }
  return { form: formFromPrefill(prefill), basis };
}

/** Parses a stored draft defensively (storage may hold anything). */
export function parseDraft(raw: string | null): NewEntryDraft | null {
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<NewEntryDraft>;
    if (typeof d !== 'object' || d === null || typeof d.content !== 'string' || typeof d.title !== 'string') return null;
    return {
      title: d.title.slice(0, DIARY_TITLE_MAX),
      content: d.content.slice(0, DIARY_CONTENT_MAX),
      mood: (MOODS as readonly unknown[]).includes(d.mood) ? (d.mood as Mood) : null,
      isFavorite: d.isFavorite === true,
      source: d.source && typeof d.source === 'object' ? d.source : null,
      basis: typeof d.basis === 'string' ? d.basis : '',
    };
  } catch {
    return null;
  }
}

export const isContentBlank = (content: string) => content.trim().length === 0;

export function createBodyFromForm(form: NewEntryForm): DiaryCreateBody {
  return {
    title: form.title.trim() || null,
    content: form.content.trim(),
    mood: form.mood,
    is_favorite: form.isFavorite,
    ...(form.source ? { source: form.source } : {}),
  };
}
