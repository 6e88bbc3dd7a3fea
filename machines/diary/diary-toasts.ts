// Which toast a diary machine asks for (`{ type: 'toast', params: { key: 'created' } }`). Machines name the
// message; src/copy/diary.ts words each key and src/copy/toasts.ts gathers every domain's, so no text lives in
// machines/.
export type DiaryToastKey =
  | 'blankContent'
  | 'created'
  | 'createdFromChat'
  | 'createFailed'
  | 'favoriteFailed'
  | 'entryDeleted'
  | 'entryDeleteFailed'
  | 'entryUpdated'
  | 'updateFailed';
