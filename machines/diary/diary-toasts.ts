// Which toast a diary machine asks for. Machines name the message; the views map each key to its words
// (src/copy/diary.ts `diaryCopy.toasts`), so no text lives in machines/.
export type DiaryToastKey = 'blankContent' | 'created' | 'createFailed' | 'favoriteFailed';

/** Params of the machines' injected `toast` action. */
export interface DiaryToastParams {
  key: DiaryToastKey;
}
