// Pure rules of the new-entry form: what navigation may prefill, which stored draft the form starts from, how
// drafts are kept, and the create body. Typed text is never replaced by a prefill (docs/diary.md "Drafts"):
// - drafts are kept per *basis*: '' is the plain form, any other basis names the chat suggestion it grew from,
//   so opening a suggestion never touches the plain draft (or another suggestion's);
// - a mood from navigation (home's quick mood card) is not a basis: it is applied on top of the draft, once per
//   navigation (a reload keeps the navigation, so the user's own later mood choice stays).
import type { DiaryCreateBody, Mood, SourceType } from '../../contract/diary';
import { CLIENT_ID_PATTERN } from '../../contract/client-id';
import { DIARY_CONTENT_MAX, DIARY_SOURCE_ID_MAX, DIARY_TITLE_MAX, MOODS, SOURCE_TYPES } from '../../contract/constants';
import { cleanText } from '../clean-text';
import { storedList } from '../stored-list';

/** Navigation state as the chat suggestion card and the home mood card send it. */
export interface NewEntryPrefill {
  suggestedContent?: string;
  suggestedTitle?: string;
  mood?: Mood;
  sourceType?: SourceType;
  sourceId?: string;
}

export interface NewEntrySource {
  source_type: SourceType;
  source_id: string | null;
}

export interface NewEntryForm {
  title: string;
  content: string;
  mood: Mood | null;
  isFavorite: boolean;
  source: NewEntrySource | null;
}

export interface NewEntryDraft extends NewEntryForm {
  /** '' for the plain form, else the suggestion it grew from (see basisOf). */
  basis: string;
  /** Sent as the create's client_id: saving the same draft twice makes one entry. */
  clientId: string;
  /** A save was attempted with clientId (it may have reached the server even if the answer did not). */
  submitted: boolean;
  /** The navigation (router location key) whose mood is already applied. */
  moodFrom: string | null;
}

/** A draft as read back from storage: an unusable client id is dropped, and a new one is made on opening. */
export type StoredDraft = Omit<NewEntryDraft, 'clientId'> & { clientId: string | null };

/** What opening the form knows: the navigation's prefill and its key (the same key after a reload). */
export interface NewEntryOpening {
  prefill?: NewEntryPrefill;
  navigationKey: string;
}

/** How many drafts (the plain one and suggestions') are kept per user; the least recently saved goes first. */
export const MAX_DRAFTS = 10;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isMood = (v: unknown): v is Mood => (MOODS as readonly unknown[]).includes(v);
const isSourceType = (v: unknown): v is SourceType => (SOURCE_TYPES as readonly unknown[]).includes(v);

export { cleanText };

/** Validates navigation state (anything may arrive there); unusable fields are dropped. */
export function prefillFromNavigation(state: unknown): NewEntryPrefill | undefined {
  if (!isRecord(state)) return undefined;
  const text = (v: unknown, max: number) => (typeof v === 'string' && v ? cleanText(v, max) : undefined);
  const prefill: NewEntryPrefill = {
    suggestedContent: text(state.suggestedContent, DIARY_CONTENT_MAX),
    suggestedTitle: text(state.suggestedTitle, DIARY_TITLE_MAX),
    mood: isMood(state.mood) ? state.mood : undefined,
    sourceType: isSourceType(state.sourceType) ? state.sourceType : undefined,
    sourceId: text(state.sourceId, DIARY_SOURCE_ID_MAX),
  };
  for (const key of Object.keys(prefill) as Array<keyof NewEntryPrefill>)
    if (prefill[key] === undefined) delete prefill[key];
  return Object.keys(prefill).length ? prefill : undefined;
}

/** Which draft a prefill opens: '' for the plain form (no prefill, or only a mood), else the suggestion itself. */
export function basisOf(prefill: NewEntryPrefill | undefined): string {
  if (!prefill) return '';
  const { suggestedContent, suggestedTitle, sourceType, sourceId } = prefill;
  if (!suggestedContent && !suggestedTitle && !sourceType) return '';
  return JSON.stringify([suggestedContent ?? '', suggestedTitle ?? '', sourceType ?? '', sourceId ?? '']);
}

function formFromPrefill(prefill: NewEntryPrefill | undefined): NewEntryForm {
  return {
    title: cleanText(prefill?.suggestedTitle ?? '', DIARY_TITLE_MAX),
    content: cleanText(prefill?.suggestedContent ?? '', DIARY_CONTENT_MAX),
    mood: null,
    isFavorite: false,
    source: prefill?.sourceType ? { source_type: prefill.sourceType, source_id: prefill.sourceId ?? null } : null,
  };
}

/**
 * The draft the form starts from: the stored draft of the prefill's basis, or a fresh one from the prefill; then
 * the navigation's mood on top unless this navigation's mood was applied already.
 */
export function startingDraft(
  opening: NewEntryOpening,
  drafts: readonly StoredDraft[],
  newClientId: () => string,
): NewEntryDraft {
  const { prefill, navigationKey } = opening;
  const basis = basisOf(prefill);
  const stored = drafts.find((d) => d.basis === basis);
  const draft: NewEntryDraft = stored
    ? { ...stored, clientId: stored.clientId ?? newClientId() }
    : { ...formFromPrefill(prefill), basis, clientId: newClientId(), submitted: false, moodFrom: null };
  if (prefill?.mood && draft.moodFrom !== navigationKey)
    return { ...draft, mood: prefill.mood, moodFrom: navigationKey };
  return draft;
}

/** The user's drafts with `draft` saved as the most recent one (one per basis, at most MAX_DRAFTS). */
export function withDraft(drafts: readonly StoredDraft[], draft: NewEntryDraft): StoredDraft[] {
  return [...drafts.filter((d) => d.basis !== draft.basis), draft].slice(-MAX_DRAFTS);
}

export function withoutDraft(drafts: readonly StoredDraft[], basis: string): StoredDraft[] {
  return drafts.filter((d) => d.basis !== basis);
}

function parseSource(v: unknown): NewEntrySource | null {
  if (!isRecord(v) || !isSourceType(v.source_type)) return null;
  if (v.source_id === null || v.source_id === undefined) return { source_type: v.source_type, source_id: null };
  if (typeof v.source_id !== 'string') return null;
  return { source_type: v.source_type, source_id: cleanText(v.source_id, DIARY_SOURCE_ID_MAX) };
}

function parseDraft(v: unknown): StoredDraft | null {
  if (!isRecord(v) || typeof v.basis !== 'string' || typeof v.content !== 'string') return null;
  return {
    basis: v.basis,
    title: typeof v.title === 'string' ? cleanText(v.title, DIARY_TITLE_MAX) : '',
    content: cleanText(v.content, DIARY_CONTENT_MAX),
    mood: isMood(v.mood) ? v.mood : null,
    isFavorite: v.isFavorite === true,
    source: parseSource(v.source),
    clientId: typeof v.clientId === 'string' && CLIENT_ID_PATTERN.test(v.clientId) ? v.clientId : null,
    submitted: v.submitted === true,
    moodFrom: typeof v.moodFrom === 'string' ? v.moodFrom : null,
  };
}

/**
 * Reads stored drafts strictly (storage may hold anything): a draft without a basis or content is dropped; any field the
 * server would refuse (a bad source, mood or client id, NUL characters, too long) is dropped or cut, so a
 * restored draft can always be saved.
 */
export function parseDrafts(raw: string | null): StoredDraft[] {
  const drafts = storedList(raw)
    .map(parseDraft)
    .filter((d): d is StoredDraft => d !== null);
  // One per basis: the last one stored wins.
  return drafts.filter((d, i) => !drafts.slice(i + 1).some((later) => later.basis === d.basis)).slice(-MAX_DRAFTS);
}

export const isContentBlank = (content: string) => content.trim().length === 0;

export function createBodyFromDraft(draft: NewEntryForm & Pick<NewEntryDraft, 'clientId'>): DiaryCreateBody {
  return {
    title: draft.title.trim() || null,
    content: draft.content.trim(),
    mood: draft.mood,
    is_favorite: draft.isFavorite,
    ...(draft.source ? { source: draft.source } : {}),
    client_id: draft.clientId,
  };
}
