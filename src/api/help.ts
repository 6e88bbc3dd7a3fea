// The help page's call: the support contact, typed from contract/ (types only: zod stays out of the bundle).
import type { Support } from '../../contract/help';
import { api } from './client';

export function getSupport(): Promise<Support> {
  return api.get('api/help/support').json<Support>();
}
