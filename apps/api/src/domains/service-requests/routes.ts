import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { SERVICE_REQUESTS_ENDPOINTS, type Endpoint, type serviceRequestDetailSchema, type serviceRequestIdParamsSchema, type ServiceRequestTransition } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { toLanguage } from '../../mail/language.js';
import { assertCustomerInScope } from '../scope/index.js';
import { csvRow } from '../../lib/csv.js';
import { writeChunk } from '../../lib/cursor.js';
import { sendCsv } from '../../lib/download.js';
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

/** The status steps (`POST /api/ServiceRequests/{id}/{action}`), each its own endpoint. */
const TRANSITIONS = ['acknowledge', 'schedule', 'start', 'complete', 'close', 'cancel', 'reopen'] as const satisfies readonly ServiceRequestTransition[];

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
export const serviceRequestRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const serviceDeps: ServiceRequestDeps = { db };

  route(app, SERVICE_REQUESTS_ENDPOINTS.list, async (request) => listRequests(db, requireAuth(request), request.query));

  route(app, SERVICE_REQUESTS_ENDPOINTS.exportCsv, async (request, reply) => {
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
    return sendCsv(reply, out, `service-requests-${day}.csv`);
  });

  route(app, SERVICE_REQUESTS_ENDPOINTS.map, async (request) => {
    await assertCustomerInScope(db, requireAuth(request), request.query.customerId);
    return { data: await mapPins(db, request.query.customerId) };
  });

  route(app, SERVICE_REQUESTS_ENDPOINTS.bulkAssign, async (request) => bulkAssign(serviceDeps, requireAuth(request), request.body));

  route(app, SERVICE_REQUESTS_ENDPOINTS.detail, async (request) => getRequestDetail(db, requireAuth(request), request.params.id));

  route(app, SERVICE_REQUESTS_ENDPOINTS.create, async (request) => createRequest(serviceDeps, requireAuth(request), request.body));

  route(app, SERVICE_REQUESTS_ENDPOINTS.update, async (request) => updateRequest(serviceDeps, requireAuth(request), request.params.id, request.body));

  route(app, SERVICE_REQUESTS_ENDPOINTS.addComment, async (request) => addComment(serviceDeps, requireAuth(request), request.params.id, request.body));

  for (const action of TRANSITIONS) {
    const endpoint: Endpoint<typeof serviceRequestIdParamsSchema, undefined, z.ZodType, typeof serviceRequestDetailSchema> = SERVICE_REQUESTS_ENDPOINTS[action];
    route(app, endpoint, async (request) => transitionRequest(serviceDeps, requireAuth(request), request.params.id, action, (request.body ?? {}) as TransitionInput));
  }

  route(app, SERVICE_REQUESTS_ENDPOINTS.assign, async (request) => assignRequest(serviceDeps, requireAuth(request), request.params.id, request.body));

  route(app, SERVICE_REQUESTS_ENDPOINTS.priority, async (request) => changePriority(serviceDeps, requireAuth(request), request.params.id, request.body));
};
