// The practice calls as the practice machines name them, ready for useFlow (a module of its own, so screen tests
// that program src/api/practices.ts with vi.mock still run these real actors over their fakes).
import { fromPromise } from 'xstate';
import type { Practice, PracticeStartBody, PracticeStartResponse } from '../../contract/practices';
import type { CompleteSessionInput } from '../../machines/practices/practice-session.machine';
import { keepAwake } from '../telegram/wakeLock';
import { completePractice, getPractice, listPractices, startPractice } from './practices';

export const practiceActors = {
  loadPractices: fromPromise<Practice[], void>(() => listPractices()),
  loadPractice: fromPromise<Practice | null, { id: string }>(({ input }) => getPractice(input.id)),
  startPractice: fromPromise<PracticeStartResponse, PracticeStartBody>(({ input }) => startPractice(input)),
  completeSession: fromPromise<void, CompleteSessionInput>(({ input }) =>
    completePractice(input.sessionId, { rating: input.rating, feedback: input.feedback }),
  ),
  keepAwake,
};
