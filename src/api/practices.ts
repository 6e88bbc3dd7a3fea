// The practice API calls, typed from contract/practices.ts (types only: zod stays out of the bundle).
import type {
  Practice,
  PracticeCompleteBody,
  PracticeStartBody,
  PracticeStartResponse,
} from '../../contract/practices';
import type { StartRefusal } from '../../machines/practices/practice-detail.machine';
import { api } from './client';
import { errorDetail, httpStatus } from './errors';

export function listPractices(): Promise<Practice[]> {
  return api.get('api/practices/').json<Practice[]>();
}

/** The practice, or null when there is no such practice (HTTP 404). */
export async function getPractice(id: string): Promise<Practice | null> {
  try {
    return await api.get(`api/practices/${encodeURIComponent(id)}`).json<Practice>();
  } catch (err) {
    if (httpStatus(err) === 404) return null;
    throw err;
  }
}

/** A start the server refused for the plan (HTTP 402): the practice is advanced and the plan does not open it. */
export class PracticeLockedError extends Error implements StartRefusal {
  readonly reason = 'locked';
  constructor(detail: string) {
    super(detail);
    this.name = 'PracticeLockedError';
  }
}

/** Starts a session; a 402 rejects with PracticeLockedError, any other failure with ky's error. */
export async function startPractice(body: PracticeStartBody): Promise<PracticeStartResponse> {
  try {
    return await api.post('api/practices/start', { json: body }).json<PracticeStartResponse>();
  } catch (err) {
    if (httpStatus(err) === 402) throw new PracticeLockedError((await errorDetail(err)) ?? '');
    throw err;
  }
}

/**
 * Completes the session with its rating. «Already completed» (HTTP 409) resolves too: it is what a retry gets
 * when the first completion reached the server but its answer was lost, so the rating is recorded either way.
 */
export async function completePractice(sessionId: string, body: PracticeCompleteBody): Promise<void> {
  try {
    await api.post(`api/practices/${encodeURIComponent(sessionId)}/complete`, { json: body });
  } catch (err) {
    if (httpStatus(err) === 409) return;
    throw err;
  }
}
