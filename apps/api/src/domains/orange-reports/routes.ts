import type { FastifyPluginAsync } from 'fastify';
import {
  ORANGE_REPORT_ENDPOINTS,
  ORANGE_REPORT_REPORT_LIMITS,
  orangeReportCustomerDetailSchema,
  type OrangeReportCustomerDetail,
  type OrangeReportDetail,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { sendCsv } from '../../lib/download.js';
import { sendPdf } from '../../lib/pdf/index.js';
import { toLanguage } from '../../mail/language.js';
import { companyDetails } from '../company-settings/index.js';
import { documentImages } from '../files/index.js';
import { assertCustomerInScope } from '../scope/index.js';
import { csvDocument, csvRow } from './csv.js';
import { renderReportPdf } from './pdf.js';
import { isStaff } from './policy.js';
import { exportReports, getReportDetail, listReports, mapPins, pendingReports } from './queries.js';
import { addComment, bulkApprove, createDraft, deleteDraft, transitionReport, updateReport, type TransitionAction } from './service.js';

/** The status steps: each is its own endpoint in the contract (`POST /api/OrangeReports/:id/<action>`). */
const TRANSITIONS = ['submit', 'approve', 'return', 'acknowledge', 'requestProposal', 'decline', 'resolve'] as const satisfies readonly TransitionAction[];

/** Staff-only routes answer the staff shape (getReportDetail builds it for every staff caller). */
function staffShape(detail: OrangeReportDetail | OrangeReportCustomerDetail): OrangeReportDetail {
  if ('reviewer' in detail) return detail;
  throw new Error('a staff-only orange-report route built the customer shape');
}

function csvOf(rows: Awaited<ReturnType<typeof exportReports>>): string {
  const header = ['Number', 'Customer', 'Status', 'Title', 'Category', 'Urgency', 'Found on', 'Author', 'Photos', 'Estimate (USD)', 'Proposal requested', 'Submitted', 'Approved'];
  const lines = [csvRow(header)];
  for (const r of rows) {
    lines.push(
      csvRow([
        r.number,
        r.customerName,
        r.status,
        r.title,
        r.category ?? '',
        r.urgency ?? '',
        r.foundOn,
        r.author?.name ?? '',
        String(r.photoCount),
        (r.totalCents / 100).toFixed(2),
        r.proposalRequested ? 'yes' : 'no',
        r.submittedAt ?? '',
        r.approvedAt ?? '',
      ]),
    );
  }
  return csvDocument(lines);
}

/** `/api/OrangeReports`: lists, the review queue, pins, the report and every step of its life. */
export const orangeReportRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps.database;

  route(fastify, ORANGE_REPORT_ENDPOINTS.list, (request) => listReports(db, requireAuth(request), request.query));

  route(fastify, ORANGE_REPORT_ENDPOINTS.exportCsv, async (request, reply) => {
    const user = requireAuth(request);
    const rows = await exportReports(db, user, request.query, ORANGE_REPORT_REPORT_LIMITS.exportRows);
    const day = new Date().toISOString().slice(0, 10);
    return sendCsv(reply, csvOf(rows), `orange-reports-${day}.csv`);
  });

  route(fastify, ORANGE_REPORT_ENDPOINTS.pending, async (request) => {
    const user = requireAuth(request);
    if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
    return pendingReports(db, user, request.query);
  });

  route(fastify, ORANGE_REPORT_ENDPOINTS.map, async (request) => {
    const user = requireAuth(request);
    await assertCustomerInScope(db, user, request.query.customerId);
    return { data: await mapPins(db, user, request.query.customerId) };
  });

  route(fastify, ORANGE_REPORT_ENDPOINTS.bulkApprove, (request) => bulkApprove(db, requireAuth(request), request.body.ids));

  route(fastify, ORANGE_REPORT_ENDPOINTS.get, async (request) => {
    const user = requireAuth(request);
    const detail = await getReportDetail(db, user, request.params.id);
    return isStaff(user) ? detail : orangeReportCustomerDetailSchema.parse(detail);
  });

  route(fastify, ORANGE_REPORT_ENDPOINTS.pdf, async (request, reply) => {
    const user = requireAuth(request);
    const detail = await getReportDetail(db, user, request.params.id);
    // The customer shape for everyone: the printed page carries nothing internal.
    const shown = orangeReportCustomerDetailSchema.parse(detail);
    const images = await documentImages(db, deps.config, shown.allPhotos.map((photo) => photo.fileId));
    return sendPdf(reply, renderReportPdf(shown, toLanguage(user.language), await companyDetails(db, deps.config), images), `${shown.number}.pdf`);
  });

  route(fastify, ORANGE_REPORT_ENDPOINTS.create, async (request) => staffShape(await createDraft(db, requireAuth(request), request.body)));

  route(fastify, ORANGE_REPORT_ENDPOINTS.update, async (request) => staffShape(await updateReport(db, requireAuth(request), request.params.id, request.body)));

  route(fastify, ORANGE_REPORT_ENDPOINTS.deleteDraft, async (request) => {
    await deleteDraft(db, requireAuth(request), request.params.id);
  });

  route(fastify, ORANGE_REPORT_ENDPOINTS.comment, async (request) => {
    const user = requireAuth(request);
    const detail = await addComment(db, user, request.params.id, request.body.text);
    return isStaff(user) ? detail : orangeReportCustomerDetailSchema.parse(detail);
  });

  for (const action of TRANSITIONS) {
    route(fastify, ORANGE_REPORT_ENDPOINTS[action], async (request) => {
      const user = requireAuth(request);
      const detail = await transitionReport(db, user, request.params.id, action, request.body);
      return isStaff(user) ? detail : orangeReportCustomerDetailSchema.parse(detail);
    });
  }
};
