// The check-in's calls as its machine names them (loadToday, saveCheckIn), ready for useFlow.
import { fromPromise } from 'xstate';
import { getCheckInToday, saveCheckIn, type CheckIn, type CheckInBody, type CheckInToday } from './checkin';

export const checkInActors = {
  loadToday: fromPromise<CheckInToday, void>(() => getCheckInToday()),
  saveCheckIn: fromPromise<CheckIn, CheckInBody>(({ input }) => saveCheckIn(input)),
};
