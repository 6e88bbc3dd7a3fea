import type { KyInstance } from 'ky';
import type { Me } from '../../contract/users';
import { api } from './client';

export type { Me };

/**
 * GET /api/users/me: the user and what the server can do. The auth gate passes `authApi` so a 401 is shown, not
 * redirected.
 */
export function getMe(client: KyInstance = api): Promise<Me> {
  return client.get('api/users/me').json<Me>();
}
