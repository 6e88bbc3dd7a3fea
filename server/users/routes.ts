// /api/users: the signed-in user and their settings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, bodyErrors } from '../../contract/common';
import { settingsPatchSchema, settingsSchema } from '../../contract/settings';
import { userSchema, type User } from '../../contract/users';
import { DETAILS, httpError } from '../http/errors';
import { getSettings, updateSettings } from './settings';
import { getUser } from './user';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get('/me', { schema: { tags, response: { 200: userSchema, ...authErrors } } }, async (request): Promise<User> => {
    // A fresh primary-key read: request.user may come from the init-data cache.
    const user = await getUser(app.database.db, request.user.id);
    if (!user) throw httpError(404, DETAILS.notFound);
    return user;
  });

  app.get('/me/settings', { schema: { tags, response: { 200: settingsSchema, ...authErrors } } }, async (request) =>
    getSettings(app.database.db, request.user.id),
  );

  app.patch(
    '/me/settings',
    { schema: { tags, body: settingsPatchSchema, response: { 200: settingsSchema, ...bodyErrors, ...authErrors } } },
    async (request) => updateSettings(app.database.db, request.user.id, request.body ?? {}),
  );
};

export default userRoutes;
