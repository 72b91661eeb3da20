import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORANGE_REPORT_REPORT_LIMITS,
  errorResponseSchema,
  orangeReportBulkApproveResultSchema,
  orangeReportBulkApproveSchema,
  orangeReportCommentBodySchema,
  orangeReportCustomerDetailSchema,
  orangeReportDeclineBodySchema,
  orangeReportDetailSchema,
  orangeReportDraftSchema,
  orangeReportExportQuerySchema,
  orangeReportIdParamsSchema,
  orangeReportListQuerySchema,
  orangeReportMapQuerySchema,
  orangeReportNoteBodySchema,
  orangeReportPendingQuerySchema,
  orangeReportPinListSchema,
  orangeReportResolveBodySchema,
  orangeReportReturnBodySchema,
  orangeReportSummarySchema,
  orangeReportUpdateSchema,
  pageOf,
  type AccessKey,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
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

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['orange reports'];
const summaryWithReview = orangeReportSummarySchema.extend({ canReview: z.boolean() });
/** Staff get the full detail; customer users the customer shape (no reviewer fields). */
const detailResponse = z.union([orangeReportDetailSchema, orangeReportCustomerDetailSchema]);

const TRANSITIONS: { action: TransitionAction; access: AccessKey; body: z.ZodType; summary: string }[] = [
  { action: 'submit', access: 'staff', body: orangeReportNoteBodySchema, summary: 'Submit for review (the author; 400 lists what is missing)' },
  { action: 'approve', access: 'staff', body: orangeReportNoteBodySchema, summary: 'Approve and publish to the customer (reviewers)' },
  { action: 'return', access: 'staff', body: orangeReportReturnBodySchema, summary: 'Return to the author with a comment (reviewers)' },
  { action: 'acknowledge', access: 'customer', body: orangeReportNoteBodySchema, summary: 'The customer has seen the report' },
  { action: 'requestProposal', access: 'customer', body: orangeReportNoteBodySchema, summary: 'The customer asks for a proposal' },
  { action: 'decline', access: 'customer', body: orangeReportDeclineBodySchema, summary: 'The customer declines, with a reason' },
  { action: 'resolve', access: 'staff', body: orangeReportResolveBodySchema, summary: 'The work is done, with optional "after" photos (staff)' },
];

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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/OrangeReports',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Reports the caller may see (customer users: published ones), filtered and paged', querystring: orangeReportListQuerySchema, response: { 200: pageOf(summaryWithReview), ...errors } },
    },
    async (request) => listReports(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/OrangeReports/export.csv',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'CSV of the current filter (up to 10 000 rows)', querystring: orangeReportExportQuerySchema, response: { 200: z.string().describe('text/csv; UTF-8 with BOM'), ...errors } },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      const rows = await exportReports(db, user, request.query, ORANGE_REPORT_REPORT_LIMITS.exportRows);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orange-reports-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvOf(rows));
    },
  );

  app.get(
    '/api/OrangeReports/pending',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'The review queue: submitted reports the caller reviews (and their own), oldest first', querystring: orangeReportPendingQuerySchema, response: { 200: pageOf(summaryWithReview), ...errors } },
    },
    async (request) => {
      const user = requireAuth(request);
      if (request.query.customerId) await assertCustomerInScope(db, user, request.query.customerId);
      return pendingReports(db, user, request.query);
    },
  );

  app.get(
    '/api/OrangeReports/map',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Pins of a customer’s reports for its map (404 outside scope)', querystring: orangeReportMapQuerySchema, response: { 200: orangeReportPinListSchema, ...errors } },
    },
    async (request) => {
      const user = requireAuth(request);
      await assertCustomerInScope(db, user, request.query.customerId);
      return { data: await mapPins(db, user, request.query.customerId) };
    },
  );

  app.post(
    '/api/OrangeReports/bulk-approve',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Approve many waiting reports; the others are skipped with a reason', body: orangeReportBulkApproveSchema, response: { 200: orangeReportBulkApproveResultSchema, ...errors } },
    },
    async (request) => bulkApprove(db, requireAuth(request), request.body.ids),
  );

  app.get(
    '/api/OrangeReports/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'One report (customer users: published only, without the review fields)', params: orangeReportIdParamsSchema, response: { 200: detailResponse, ...errors } },
    },
    async (request) => {
      const user = requireAuth(request);
      const detail = await getReportDetail(db, user, request.params.id);
      return isStaff(user) ? detail : orangeReportCustomerDetailSchema.parse(detail);
    },
  );

  app.get(
    '/api/OrangeReports/:id/pdf',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The printable report with its photos as PDF, in the caller’s language (who may see the report; customer users: published only)', params: orangeReportIdParamsSchema, response: { 200: z.any().describe('application/pdf'), ...errors } },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      const detail = await getReportDetail(db, user, request.params.id);
      // The customer shape for everyone: the printed page carries nothing internal.
      const shown = orangeReportCustomerDetailSchema.parse(detail);
      const images = await documentImages(db, deps.config, shown.allPhotos.map((photo) => photo.fileId));
      return sendPdf(reply, renderReportPdf(shown, toLanguage(user.language), await companyDetails(db, deps.config), images), `${shown.number}.pdf`);
    },
  );

  app.post(
    '/api/OrangeReports',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Start a draft for a customer (staff in scope)', body: orangeReportDraftSchema, response: { 201: orangeReportDetailSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send((await createDraft(db, requireAuth(request), request.body)) as z.infer<typeof orangeReportDetailSchema>),
  );

  app.put(
    '/api/OrangeReports/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Save fields (author: draft or returned; reviewer: while waiting for review)', params: orangeReportIdParamsSchema, body: orangeReportUpdateSchema, response: { 200: orangeReportDetailSchema, ...errors } },
    },
    async (request) => (await updateReport(db, requireAuth(request), request.params.id, request.body)) as z.infer<typeof orangeReportDetailSchema>,
  );

  app.delete(
    '/api/OrangeReports/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Delete a draft (its author)', params: orangeReportIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteDraft(db, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/OrangeReports/:id/comment',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Comment (customer users on published reports)', params: orangeReportIdParamsSchema, body: orangeReportCommentBodySchema, response: { 201: detailResponse, ...errors } },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      const detail = await addComment(db, user, request.params.id, request.body.text);
      return reply.status(201).send(isStaff(user) ? detail : orangeReportCustomerDetailSchema.parse(detail));
    },
  );

  for (const route of TRANSITIONS) {
    app.post(
      `/api/OrangeReports/:id/${route.action}`,
      {
        config: { access: route.access },
        schema: { tags, summary: route.summary, params: orangeReportIdParamsSchema, body: route.body, response: { 200: detailResponse, ...errors } },
      },
      async (request) => {
        const user = requireAuth(request);
        const detail = await transitionReport(db, user, request.params.id, route.action, (request.body ?? {}));
        return isStaff(user) ? detail : orangeReportCustomerDetailSchema.parse(detail);
      },
    );
  }
};
