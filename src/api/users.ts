import type { KyInstance } from 'ky';
import { api } from './client';

/**
 * GET /api/users/me. The type is local until contract/users.ts lands (spec §3 «User»).
 */
export interface User {
  telegram_id: number;
  first_name: string;
  last_name?: string | null;
  username?: string | null;
  photo_url?: string | null;
  created_at: string;
}

export function getMe(client: KyInstance = api): Promise<User> {
  return client.get('api/users/me').json<User>();
}
