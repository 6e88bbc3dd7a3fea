import type { CheckIn, CheckInBody, CheckInToday } from '../../contract/checkin';
import { api } from './client';

export type { CheckIn, CheckInBody, CheckInToday };

/** GET /api/checkin/today: today's check-in (or null) and whether the plan has the diary. */
export function getCheckInToday(): Promise<CheckInToday> {
  return api.get('api/checkin/today').json<CheckInToday>();
}

/** PUT /api/checkin/today: makes or changes today's check-in (free on every plan). */
export function saveCheckIn(body: CheckInBody): Promise<CheckIn> {
  return api.put('api/checkin/today', { json: body }).json<CheckIn>();
}
