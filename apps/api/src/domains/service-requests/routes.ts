import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgeBodySchema,
  assignBodySchema,
  bulkAssignResultSchema,
  bulkAssignSchema,
  cancelBodySchema,
  closeBodySchema,
  commentCreateSchema,
  completeBodySchema,
  errorResponseSchema,
  pageOf,
  priorityBodySchema,
  reopenBodySchema,
  scheduleBodySchema,
  serviceRequestCreateSchema,
  serviceRequestDetailSchema,
  serviceRequestExportQuerySchema,
  serviceRequestIdParamsSchema,
  serviceRequestListQuerySchema,
  serviceRequestMapQuerySchema,
  serviceRequestPinListSchema,
  serviceRequestSummarySchema,
  serviceRequestUpdateSchema,
  startBodySchema,
  type AccessKey,
  type ServiceRequestTransition,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { toLanguage } from '../../mail/language.js';
import { assertCustomerInScope } from '../scope/index.js';
import { csvRow } from '../../lib/csv.js';
import { sendCsvStream, writeChunk } from '../../lib/cursor.js';
import { CSV_COLUMNS, CSV_HEADERS, STATUS_LABELS, YES_NO } from './labels.js';
import { exportRequests, getRequestDetail, listRequests, mapPins, type ServiceRequestExportRow } from './queries.js';
import {
  addComment,
  assignRequest,
  bulkAssign,
  changePriority,
  createRequest,
  transitionRequest,
  updateRequest,
  type ServiceRequestDeps,
  type TransitionInput,
} from './service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const tags = ['service requests'];

/**
 * `POST /api/ServiceRequests/{id}/{action}`. Staff-only steps use the `staff` key (customer users
 * get 403 before anything loads); the rest are open to everyone signed in and decided by the policy.
 */
const TRANSITION_ROUTES: { action: ServiceRequestTransition; access: AccessKey; body: z.ZodType; summary: string }[] = [
  { action: 'acknowledge', access: 'staff', body: acknowledgeBodySchema, summary: 'Acknowledge a new request (staff)' },
  { action: 'schedule', access: 'staff', body: scheduleBodySchema, summary: 'Schedule or reschedule the work (staff)' },
  { action: 'start', access: 'staff', body: startBodySchema, summary: 'Start the work (staff)' },
  { action: 'complete', access: 'staff', body: completeBodySchema, summary: 'Complete the work, with "after" photos (staff)' },
  { action: 'close', access: 'authenticated', body: closeBodySchema, summary: 'Confirm a completed request closed' },
  { action: 'cancel', access: 'authenticated', body: cancelBodySchema, summary: 'Cancel with a reason (staff while open; the requester while new)' },
  { action: 'reopen', access: 'authenticated', body: reopenBodySchema, summary: 'Reopen within 14 days of completion, with a reason' },
];

/** The CSV lines (each ending CRLF) of a batch of rows; the document starts with a BOM and the headers. */
function csvWriter(language: string) {
  const lang = toLanguage(language);
  const headers = CSV_HEADERS[lang];
  const [yes, no] = YES_NO[lang];
  return {
    head: `\uFEFF${csvRow(CSV_COLUMNS.map((column) => headers[column]))}\r\n`,
    rows: (rows: readonly ServiceRequestExportRow[]) => {
      let lines = '';
      for (const r of rows) {
        lines += `${csvRow([
          r.number,
          r.customerName,
          STATUS_LABELS[r.status][lang],
          r.priorityName,
          r.typeName,
          r.title,
          r.locationText,
          r.assigneeName ?? '',
          r.requesterName ?? '',
          r.createdAt,
          r.scheduledDate ?? '',
          r.responseDueAt,
          r.resolutionDueAt,
          r.overdue ? yes : no,
          r.completedAt ?? '',
        ])}\r\n`;
      }
      return lines;
    },
  };
}

/** `/api/ServiceRequests`: lists, export, map pins, the request, its timeline and every change. */
export const serviceRequestRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const serviceDeps: ServiceRequestDeps = { db };

  app.get(
    '/api/ServiceRequests',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Requests in the caller’s scope, filtered, sorted and paged',
        querystring: serviceRequestListQuerySchema,
        response: { 200: pageOf(serviceRequestSummarySchema), ...errors },
      },
    },
    async (request) => listRequests(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/ServiceRequests/export.csv',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'CSV of the current filter (every row, streamed), headers in the caller’s language',
        querystring: serviceRequestExportQuerySchema,
        response: { 200: z.string().describe('text/csv; UTF-8 with BOM'), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      const csv = csvWriter(user.language);
      const day = new Date().toISOString().slice(0, 10);
      // Streamed as it is read (decision 029): no row cap, flat memory, backpressure from the client.
      const out = new PassThrough();
      void (async () => {
        await writeChunk(out, csv.head);
        await exportRequests(db, deps.database.kind, user, request.query, (rows) => writeChunk(out, csv.rows(rows)));
        out.end();
      })().catch((error: unknown) => {
        request.log.warn({ err: error }, 'service request export stopped');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return sendCsvStream(reply, out, `service-requests-${day}.csv`);
    },
  );

  app.get(
    '/api/ServiceRequests/map',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Pins of a customer’s requests for its map (404 outside scope)',
        querystring: serviceRequestMapQuerySchema,
        response: { 200: serviceRequestPinListSchema, ...errors },
      },
    },
    async (request) => {
      await assertCustomerInScope(db, requireAuth(request), request.query.customerId);
      return { data: await mapPins(db, request.query.customerId) };
    },
  );

  app.post(
    '/api/ServiceRequests/bulk-assign',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Assign (or unassign with null) many requests at once',
        body: bulkAssignSchema,
        response: { 200: bulkAssignResultSchema, ...errors },
      },
    },
    async (request) => bulkAssign(serviceDeps, requireAuth(request), request.body),
  );

  app.get(
    '/api/ServiceRequests/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'One request with attachments, timeline (internal notes for staff only) and allowed actions',
        params: serviceRequestIdParamsSchema,
        response: { 200: serviceRequestDetailSchema, ...errors },
      },
    },
    async (request) => getRequestDetail(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/ServiceRequests',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'File a request (customer users for their customer; staff on a customer’s behalf)',
        body: serviceRequestCreateSchema,
        response: { 201: serviceRequestDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createRequest(serviceDeps, requireAuth(request), request.body)),
  );

  app.put(
    '/api/ServiceRequests/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Edit title, description, type, location, contact, add attachments',
        params: serviceRequestIdParamsSchema,
        body: serviceRequestUpdateSchema,
        response: { 200: serviceRequestDetailSchema, ...errors },
      },
    },
    async (request) => updateRequest(serviceDeps, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/ServiceRequests/:id/comments',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Comment with photos; internal: true makes a staff-only note',
        params: serviceRequestIdParamsSchema,
        body: commentCreateSchema,
        response: { 201: serviceRequestDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addComment(serviceDeps, requireAuth(request), request.params.id, request.body)),
  );

  for (const route of TRANSITION_ROUTES) {
    app.post(
      `/api/ServiceRequests/:id/${route.action}`,
      {
        config: { access: route.access },
        schema: {
          tags,
          summary: route.summary,
          params: serviceRequestIdParamsSchema,
          body: route.body,
          response: { 200: serviceRequestDetailSchema, ...errors },
        },
      },
      async (request) => transitionRequest(serviceDeps, requireAuth(request), request.params.id, route.action, (request.body ?? {}) as TransitionInput),
    );
  }

  app.post(
    '/api/ServiceRequests/:id/assign',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Assign to staff on the customer’s team (null unassigns)',
        params: serviceRequestIdParamsSchema,
        body: assignBodySchema,
        response: { 200: serviceRequestDetailSchema, ...errors },
      },
    },
    async (request) => assignRequest(serviceDeps, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/ServiceRequests/:id/priority',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Change the priority; due times are recomputed',
        params: serviceRequestIdParamsSchema,
        body: priorityBodySchema,
        response: { 200: serviceRequestDetailSchema, ...errors },
      },
    },
    async (request) => changePriority(serviceDeps, requireAuth(request), request.params.id, request.body),
  );
};
