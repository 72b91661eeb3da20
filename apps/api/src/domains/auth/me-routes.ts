import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordRequestSchema, messageResponseSchema, updateProfileRequestSchema, userProfileSchema } from '@grove/shared';
import { notFound } from '../../http/errors.js';
import { requireAuth } from '../../http/authenticate.js';
import { PASSWORD_CHANGED_TEXT, changePassword, updateProfile, type AuthDeps } from './service.js';
import { loadProfile } from './users.js';

/** The signed-in user's own account: profile and password. */
export const meRoutes: FastifyPluginAsync<{ auth: AuthDeps }> = async (fastify, { auth }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/Users/me',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], summary: 'My profile', response: { 200: userProfileSchema } } },
    async (request) => {
      const profile = await loadProfile(auth.db, requireAuth(request).id);
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.put(
    '/api/Users/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], summary: 'Change my name, phone, title or language', body: updateProfileRequestSchema, response: { 200: userProfileSchema } },
    },
    async (request) => {
      const profile = await updateProfile(auth.db, requireAuth(request).id, request.body);
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.post(
    '/api/Users/me/password',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], summary: 'Change my password; my other sessions end', body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const caller = requireAuth(request);
      await changePassword(auth, caller.id, caller.sessionId, request.body, request.ip);
      return { message: PASSWORD_CHANGED_TEXT };
    },
  );
};
