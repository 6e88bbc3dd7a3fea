// /api/users: the signed-in user and their settings.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, errorSchema } from '../../contract/common';
import { settingsPatchSchema, settingsSchema } from '../../contract/settings';
import { userSchema, type User } from '../../contract/users';
import { users } from '../db/schema';
import { DETAILS, httpError } from '../errors';
import { getSettings, updateSettings } from './settings';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get('/me', { schema: { tags, response: { 200: userSchema, ...authErrors } } }, async (request): Promise<User> => {
    // A fresh primary-key read: request.user may come from the init-data cache.
    const [row] = await app.database.db
      .select({
        telegramId: users.telegramId,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        photoUrl: users.photoUrl,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, request.user.id));
    if (!row) throw httpError(404, DETAILS.notFound);
    return {
      telegram_id: row.telegramId,
      first_name: row.firstName,
      last_name: row.lastName,
      username: row.username,
      photo_url: row.photoUrl,
      created_at: row.createdAt.toISOString(),
    };
  });

  app.get('/me/settings', { schema: { tags, response: { 200: settingsSchema, ...authErrors } } }, async (request) =>
    getSettings(app.database.db, request.user.id),
  );

  app.patch(
    '/me/settings',
    { schema: { tags, body: settingsPatchSchema, response: { 200: settingsSchema, 422: errorSchema, ...authErrors } } },
    async (request) => updateSettings(app.database.db, request.user.id, request.body ?? {}),
  );
};

export default userRoutes;
