// The user's own data: the export link and the erase, typed from contract/ (types only: zod stays out of the bundle).
import type { ExportLink } from '../../contract/users';
import { api } from './client';

/** A short-lived link to the data export (a path on the API's origin). */
export function createExportLink(): Promise<ExportLink> {
  return api.post('api/users/me/export-link').json<ExportLink>();
}

/** Erases every row of the user (204). */
export async function eraseMyData(): Promise<void> {
  await api.delete('api/users/me');
}
