import { z } from 'zod';
import { CSV_ANSWER, PDF_ANSWER, defineEndpoint, noContent } from '../contract.js';
import { pageOf } from '../schemas/common.js';
import {
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
  orangeReportServiceCreateSchema,
  orangeReportServiceIdParamsSchema,
  orangeReportServiceListQuerySchema,
  orangeReportServiceListSchema,
  orangeReportServiceSchema,
  orangeReportServiceUpdateSchema,
  orangeReportSummarySchema,
  orangeReportUpdateSchema,
} from '../schemas/orange-reports.js';

const tags = ['orange reports'] as const;

/** A list row and whether the caller reviews it. */
export const orangeReportSummaryWithReviewSchema = orangeReportSummarySchema.extend({ canReview: z.boolean() });
export type OrangeReportSummaryWithReview = z.infer<typeof orangeReportSummaryWithReviewSchema>;
/**
 * Staff get the full detail; customer users the customer shape (no reviewer fields). The staff
 * shape is tried first: a customer answer lacks its review fields and reads as the customer shape.
 */
export const orangeReportAnyDetailSchema = z.union([orangeReportDetailSchema, orangeReportCustomerDetailSchema]);
export type OrangeReportAnyDetail = z.infer<typeof orangeReportAnyDetailSchema>;

const step = <B extends z.ZodType>(action: string, access: 'staff' | 'customer', body: B, summary: string) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/OrangeReports/:id/${action}`,
    access,
    tags,
    summary,
    params: orangeReportIdParamsSchema,
    body,
    response: orangeReportAnyDetailSchema,
  });

/** `/api/OrangeReports`: lists, the review queue, pins, the report and every step of its life. */
export const ORANGE_REPORT_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/OrangeReports',
    access: 'authenticated',
    tags,
    summary: 'Reports the caller may see (customer users: published ones), filtered and paged',
    query: orangeReportListQuerySchema,
    response: pageOf(orangeReportSummaryWithReviewSchema),
  }),
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/api/OrangeReports/export.csv',
    access: 'staff',
    tags,
    summary: 'CSV of the current filter (up to 10 000 rows)',
    query: orangeReportExportQuerySchema,
    response: CSV_ANSWER,
  }),
  pending: defineEndpoint({
    method: 'GET',
    path: '/api/OrangeReports/pending',
    access: 'staff',
    tags,
    summary: 'The review queue: submitted reports the caller reviews (and their own), oldest first',
    query: orangeReportPendingQuerySchema,
    response: pageOf(orangeReportSummaryWithReviewSchema),
  }),
  map: defineEndpoint({
    method: 'GET',
    path: '/api/OrangeReports/map',
    access: 'authenticated',
    tags,
    summary: 'Pins of a customer’s reports for its map (404 outside scope)',
    query: orangeReportMapQuerySchema,
    response: orangeReportPinListSchema,
  }),
  bulkApprove: defineEndpoint({
    method: 'POST',
    path: '/api/OrangeReports/bulk-approve',
    access: 'staff',
    tags,
    summary: 'Approve many waiting reports; the others are skipped with a reason',
    body: orangeReportBulkApproveSchema,
    response: orangeReportBulkApproveResultSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/OrangeReports/:id',
    access: 'authenticated',
    tags,
    summary: 'One report (customer users: published only, without the review fields)',
    params: orangeReportIdParamsSchema,
    response: orangeReportAnyDetailSchema,
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/OrangeReports/:id/pdf',
    access: 'authenticated',
    tags,
    summary: 'The printable report with its photos as PDF, in the caller’s language (who may see the report; customer users: published only)',
    params: orangeReportIdParamsSchema,
    response: PDF_ANSWER,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/OrangeReports',
    access: 'staff',
    tags,
    summary: 'Start a draft for a customer (staff in scope)',
    body: orangeReportDraftSchema,
    response: orangeReportDetailSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/OrangeReports/:id',
    access: 'staff',
    tags,
    summary: 'Save fields (author: draft or returned; reviewer: while waiting for review)',
    params: orangeReportIdParamsSchema,
    body: orangeReportUpdateSchema,
    response: orangeReportDetailSchema,
  }),
  deleteDraft: defineEndpoint({
    method: 'DELETE',
    path: '/api/OrangeReports/:id',
    access: 'staff',
    tags,
    summary: 'Delete a draft (its author)',
    params: orangeReportIdParamsSchema,
    response: noContent,
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/api/OrangeReports/:id/comment',
    access: 'authenticated',
    tags,
    summary: 'Comment (customer users on published reports)',
    params: orangeReportIdParamsSchema,
    body: orangeReportCommentBodySchema,
    response: orangeReportAnyDetailSchema,
    status: 201,
  }),
  submit: step('submit', 'staff', orangeReportNoteBodySchema, 'Submit for review (the author; 400 lists what is missing)'),
  approve: step('approve', 'staff', orangeReportNoteBodySchema, 'Approve and publish to the customer (reviewers)'),
  return: step('return', 'staff', orangeReportReturnBodySchema, 'Return to the author with a comment (reviewers)'),
  acknowledge: step('acknowledge', 'customer', orangeReportNoteBodySchema, 'The customer has seen the report'),
  requestProposal: step('requestProposal', 'customer', orangeReportNoteBodySchema, 'The customer asks for a proposal'),
  decline: step('decline', 'customer', orangeReportDeclineBodySchema, 'The customer declines, with a reason'),
  resolve: step('resolve', 'staff', orangeReportResolveBodySchema, 'The work is done, with optional "after" photos (staff)'),
};

/**
 * `/api/OrangeReportServices`: read by staff (report, plan and proposal forms), changed by System
 * Admin (route key `staff`, then the policy → 403).
 */
export const ORANGE_REPORT_SERVICE_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/OrangeReportServices',
    access: 'staff',
    tags,
    summary: 'Catalogue services (retired ones only with includeRetired=true), search in every language',
    query: orangeReportServiceListQuerySchema,
    response: orangeReportServiceListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/OrangeReportServices/:id',
    access: 'staff',
    tags,
    summary: 'One catalogue service',
    params: orangeReportServiceIdParamsSchema,
    response: orangeReportServiceSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/OrangeReportServices',
    access: 'staff',
    tags,
    summary: 'Add a service (System Admin)',
    body: orangeReportServiceCreateSchema,
    response: orangeReportServiceSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/OrangeReportServices/:id',
    access: 'staff',
    tags,
    summary: 'Change names, category, unit or price; retire (retired: true) or restore (System Admin)',
    params: orangeReportServiceIdParamsSchema,
    body: orangeReportServiceUpdateSchema,
    response: orangeReportServiceSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/OrangeReportServices/:id',
    access: 'staff',
    tags,
    summary: 'Delete an unused service (System Admin); 409 when in use (retire it instead)',
    params: orangeReportServiceIdParamsSchema,
    response: noContent,
  }),
};
