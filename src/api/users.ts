import type { KyInstance } from 'ky';
import type { User } from '../../contract/users';
import { api } from './client';

export type { User };

/** GET /api/users/me. The auth gate passes `authApi` so a 401 is shown, not redirected. */
export function getMe(client: KyInstance = api): Promise<User> {
  return client.get('api/users/me').json<User>();
}
