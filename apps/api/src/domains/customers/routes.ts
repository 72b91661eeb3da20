import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.js';

export const customerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async () => {};
