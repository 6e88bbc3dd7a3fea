// Which toast a profile machine asks for (`{ type: 'toast', params: { key: 'styleUpdated' } }`): settings saved, a
// save that failed, the trial, the data export and erasure. src/copy/profileToasts.ts words each key.
export type ProfileToastKey =
  | 'styleUpdated'
  | 'addressUpdated'
  | 'remindersOff'
  | 'reminderTimeUpdated'
  | 'aboutUpdated'
  | 'settingsSaveFailed'
  | 'trialActivated'
  | 'exportFailed'
  | 'eraseFailed';
