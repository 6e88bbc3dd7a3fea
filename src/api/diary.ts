// The diary's API calls, typed from contract/diary.ts (types only: zod stays out of the bundle).
import type {
  DiaryCreateBody,
  DiaryEntry,
  DiaryListQuery,
  DiaryListResponse,
  DiaryUpdateBody,
} from '../../contract/diary';
import { api } from './client';
import { httpStatus } from './errors';
import { refusedErrorOf } from './refusal';

export function listDiaryEntries(query: DiaryListQuery): Promise<DiaryListResponse> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) searchParams[key] = value as string | number;
  return api.get('api/diary/list', { searchParams }).json<DiaryListResponse>();
}

/** The entry, or null when it does not exist or is someone else's (HTTP 404). */
export async function getDiaryEntry(id: string): Promise<DiaryEntry | null> {
  try {
    return await api.get(`api/diary/${encodeURIComponent(id)}`).json<DiaryEntry>();
  } catch (err) {
    if (httpStatus(err) === 404) return null;
    throw err;
  }
}

/**
 * Creates the entry (201), or returns the one this body's client_id already made (200). A 402 rejects with
 * RefusedError (its `refusal` opens the dialog); any other failure with ky's error.
 */
export async function createDiaryEntry(body: DiaryCreateBody): Promise<DiaryEntry> {
  try {
    return await api.post('api/diary/create', { json: body }).json<DiaryEntry>();
  } catch (err) {
    throw (await refusedErrorOf(err)) ?? err;
  }
}

/** Changes the entry's title, content or mood (PATCH, no quota); any failure — a 404 too — rejects. */
export function updateDiaryEntry(id: string, body: DiaryUpdateBody): Promise<DiaryEntry> {
  return api.patch(`api/diary/${encodeURIComponent(id)}`, { json: body }).json<DiaryEntry>();
}

export function toggleDiaryFavorite(id: string): Promise<DiaryEntry> {
  return api.patch(`api/diary/${encodeURIComponent(id)}/favorite`).json<DiaryEntry>();
}

/** Deletes the entry for good (204); a 404 (gone already, or someone else's) rejects like any failure. */
export async function deleteDiaryEntry(id: string): Promise<void> {
  await api.delete(`api/diary/${encodeURIComponent(id)}`);
}
