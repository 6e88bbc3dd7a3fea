// Which toast the privacy machine asks for (machines/privacy/my-data.machine.ts): the data export or the erasure
// failed. src/copy/privacyToasts.ts words each key.
export type PrivacyToastKey = 'exportFailed' | 'eraseFailed';
