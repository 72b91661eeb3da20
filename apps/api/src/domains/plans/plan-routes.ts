import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  occurrenceListQuerySchema,
  occurrenceParamsSchema,
  planComparisonSchema,
  planCompareQuerySchema,
  planOccurrenceSchema,
  occurrenceUpdateSchema,
  pageOf,
  planCommentCreateSchema,
  planCreateSchema,
  planCustomerQuerySchema,
  planDetailSchema,
  planIdParamsSchema,
  planListQuerySchema,
  planPublishSchema,
  planSummarySchema,
  planUpdateSchema,
  planWeekSchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
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

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['quarterly plans'];

/**
 * `/api/quarterlyPlans`: staff in scope write, publish and tick; customer users of the customer read
 * published plans, acknowledge and comment. Drafts are 404 for customer users.
 */
export const planRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/quarterlyPlans',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Plans in the caller’s scope (customer users: published and completed)', querystring: planListQuerySchema, response: { 200: pageOf(planSummarySchema), ...errors } },
    },
    async (request) => listPlans(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/quarterlyPlans/this-week',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The next 7 days of the customer’s current published plan', querystring: planCustomerQuerySchema, response: { 200: planWeekSchema, ...errors } },
    },
    async (request) => thisWeek(db, requireAuth(request), request.query.customerId),
  );

  app.get(
    '/api/quarterlyPlans/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'A plan with items, occurrences, progress, versions, changes and comments', params: planIdParamsSchema, response: { 200: planDetailSchema, ...errors } },
    },
    async (request) => getPlanDetail(db, requireAuth(request), request.params.id),
  );

  app.get(
    '/api/quarterlyPlans/:id/occurrences',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'One page of the plan’s visits by date: all, open, overdue, done or skipped', params: planIdParamsSchema, querystring: occurrenceListQuerySchema, response: { 200: pageOf(planOccurrenceSchema), ...errors } },
    },
    async (request) => listOccurrences(db, requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/api/quarterlyPlans/:id/compare',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Any two published versions side by side and what changed between them', params: planIdParamsSchema, querystring: planCompareQuerySchema, response: { 200: planComparisonSchema, ...errors } },
    },
    async (request) => comparePlanVersions(db, requireAuth(request), request.params.id, request.query.from, request.query.to),
  );

  app.get(
    '/api/quarterlyPlans/:id/pdf',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The plan as a PDF for boards (in the caller’s language)', params: planIdParamsSchema, response: { 200: z.any().describe('application/pdf'), ...errors } },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      const detail = await getPlanDetail(db, user, request.params.id);
      const safe = detail.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, '-') || 'plan';
      return sendPdf(reply, renderPlanPdf(detail, toLanguage(user.language), await companyDetails(db, deps.config)), `${safe}-${detail.startDate}.pdf`, 'attachment');
    },
  );

  app.post(
    '/api/quarterlyPlans',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Create a draft from a template (items copied) or blank', body: planCreateSchema, response: { 201: planDetailSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createPlan(db, requireAuth(request), request.body)),
  );

  app.put(
    '/api/quarterlyPlans/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Save name, start, notes and items; on a published plan a new version', params: planIdParamsSchema, body: planUpdateSchema, response: { 200: planDetailSchema, ...errors } },
    },
    async (request) => updatePlan(db, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/quarterlyPlans/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Delete a draft', params: planIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deletePlan(db, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/quarterlyPlans/:id/publish',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Publish a draft: the customer sees it (version 1)', params: planIdParamsSchema, body: planPublishSchema, response: { 200: planDetailSchema, ...errors } },
    },
    async (request) => publishPlan(db, requireAuth(request), request.params.id, request.body.changeNote),
  );

  app.post(
    '/api/quarterlyPlans/:id/acknowledge',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'A customer user acknowledges the current version', params: planIdParamsSchema, response: { 200: planDetailSchema, ...errors } },
    },
    async (request) => acknowledgePlan(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/quarterlyPlans/:id/comments',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Comment on a plan', params: planIdParamsSchema, body: planCommentCreateSchema, response: { 201: planDetailSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await addPlanComment(db, requireAuth(request), request.params.id, request.body.text)),
  );

  app.post(
    '/api/quarterlyPlans/:id/occurrences/:occurrenceId',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Record a visit: done, skipped (with a reason), rescheduled (a new date) or back to planned; photos optional',
        params: occurrenceParamsSchema,
        body: occurrenceUpdateSchema,
        response: { 200: planDetailSchema, ...errors },
      },
    },
    async (request) => updateOccurrence(db, requireAuth(request), request.params.id, request.params.occurrenceId, request.body),
  );
};
