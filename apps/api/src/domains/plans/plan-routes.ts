import type { FastifyPluginAsync } from 'fastify';
import { PLAN_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { sendPdf } from '../../lib/pdf/index.js';
import { companyDetails } from '../company-settings/index.js';
import { toLanguage } from '../../mail/language.js';
import { renderPlanPdf } from './pdf.js';
import { comparePlanVersions, listOccurrences } from './plan-reads.js';
import {
  acknowledgePlan,
  addPlanComment,
  createPlan,
  deletePlan,
  getPlanDetail,
  listPlans,
  publishPlan,
  thisWeek,
  updateOccurrence,
  updatePlan,
} from './plan-service.js';

/**
 * `/api/quarterlyPlans`: staff in scope write, publish and tick; customer users of the customer read
 * published plans, acknowledge and comment. Drafts are 404 for customer users.
 */
export const planRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps.database;

  route(fastify, PLAN_ENDPOINTS.list, (request) => listPlans(db, requireAuth(request), request.query));

  route(fastify, PLAN_ENDPOINTS.thisWeek, (request) => thisWeek(db, requireAuth(request), request.query.customerId));

  route(fastify, PLAN_ENDPOINTS.get, (request) => getPlanDetail(db, requireAuth(request), request.params.id));

  route(fastify, PLAN_ENDPOINTS.occurrences, (request) => listOccurrences(db, requireAuth(request), request.params.id, request.query));

  route(fastify, PLAN_ENDPOINTS.compare, (request) => comparePlanVersions(db, requireAuth(request), request.params.id, request.query.from, request.query.to));

  route(fastify, PLAN_ENDPOINTS.pdf, async (request, reply) => {
    const user = requireAuth(request);
    const detail = await getPlanDetail(db, user, request.params.id);
    const safe = detail.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, '-') || 'plan';
    return sendPdf(reply, renderPlanPdf(detail, toLanguage(user.language), await companyDetails(db, deps.config)), `${safe}-${detail.startDate}.pdf`, 'attachment');
  });

  route(fastify, PLAN_ENDPOINTS.create, (request) => createPlan(db, requireAuth(request), request.body));

  route(fastify, PLAN_ENDPOINTS.update, (request) => updatePlan(db, requireAuth(request), request.params.id, request.body));

  route(fastify, PLAN_ENDPOINTS.delete, async (request) => {
    await deletePlan(db, requireAuth(request), request.params.id);
  });

  route(fastify, PLAN_ENDPOINTS.publish, (request) => publishPlan(db, requireAuth(request), request.params.id, request.body.changeNote));

  route(fastify, PLAN_ENDPOINTS.acknowledge, (request) => acknowledgePlan(db, requireAuth(request), request.params.id));

  route(fastify, PLAN_ENDPOINTS.comment, (request) => addPlanComment(db, requireAuth(request), request.params.id, request.body.text));

  route(fastify, PLAN_ENDPOINTS.recordOccurrence, (request) => updateOccurrence(db, requireAuth(request), request.params.id, request.params.occurrenceId, request.body));
};
