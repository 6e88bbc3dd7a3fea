// Which toast the users domain's settings machine asks for (`{ type: 'toast', params: { key: 'styleUpdated' } }`):
// a setting saved, or a save that failed. src/copy/usersToasts.ts words each key.
export type UsersToastKey =
  'styleUpdated' | 'addressUpdated' | 'remindersOff' | 'reminderTimeUpdated' | 'aboutUpdated' | 'settingsSaveFailed';
