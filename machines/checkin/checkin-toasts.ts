// Which toast the check-in asks for (machines/checkin/checkin.machine.ts); the words are src/copy/checkinToasts.ts.
export type CheckInToastKey = 'checkInFailed' | 'noteSaved' | 'noteFailed';
