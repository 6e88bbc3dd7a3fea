// Privacy's entry for its routes and the rest of the server: erasing an account (and what a returning one keeps), the export of
// everything stored about a user (as a file, or by a short-lived link), and each user's data key.
export { eraseUser, restoreErasedAccount } from './erase';
export { exportFileName, exportUserData, sendExport } from './export';
export { EXPORT_LINK_PATH, exportLinkToken, exportLinkUser } from './export-link';
export { shredErasedKeys } from './shred';
export { asUser, forgetUserKey } from './user-keys';
