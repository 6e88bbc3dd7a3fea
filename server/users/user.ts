// The signed-in user's public record, read by primary key. Shared by GET /api/users/me and the API bench's bare
// route, so the bench compares the auth'd route against exactly the same query.
import { eq, sql } from 'drizzle-orm';
import type { User } from '../../contract/users';
import { preparedPerDb, type Db } from '../db';
import { users } from '../db/schema';

// The hottest query of the API: built once per database handle (preparedPerDb).
const getUserStatement = preparedPerDb((db) =>
  db
    .select({
      telegramId: users.telegramId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      photoUrl: users.photoUrl,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('get_user'),
);

/** The user row as the API returns it, or undefined when no user has this internal id. */
export async function getUser(db: Db, id: number): Promise<User | undefined> {
  const [row] = await getUserStatement(db).execute({ id });
  if (!row) return undefined;
  return {
    telegram_id: row.telegramId,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    photo_url: row.photoUrl,
    created_at: row.createdAt.toISOString(),
  };
}
