// The diary's calls as the diary machines name them, ready for useFlow (a module of its own, so screen tests that
// program src/api/diary.ts with vi.mock still run these real actors over their fakes).
import { fromPromise } from 'xstate';
import type {
  DiaryCreateBody,
  DiaryEntry,
  DiaryListQuery,
  DiaryListResponse,
  DiaryUpdateBody,
} from '../../contract/diary';
import {
  createDiaryEntry,
  deleteDiaryEntry,
  getDiaryEntry,
  listDiaryEntries,
  toggleDiaryFavorite,
  updateDiaryEntry,
} from './diary';

export const diaryActors = {
  loadPage: fromPromise<DiaryListResponse, DiaryListQuery>(({ input }) => listDiaryEntries(input)),
  loadEntry: fromPromise<DiaryEntry | null, { id: string }>(({ input }) => getDiaryEntry(input.id)),
  toggleFavorite: fromPromise<DiaryEntry, { id: string }>(({ input }) => toggleDiaryFavorite(input.id)),
  createEntry: fromPromise<DiaryEntry, DiaryCreateBody>(({ input }) => createDiaryEntry(input)),
  deleteEntry: fromPromise<void, { id: string }>(({ input }) => deleteDiaryEntry(input.id)),
  updateEntry: fromPromise<DiaryEntry, { id: string; body: DiaryUpdateBody }>(({ input }) =>
    updateDiaryEntry(input.id, input.body),
  ),
};
