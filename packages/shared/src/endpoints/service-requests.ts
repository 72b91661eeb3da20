import type { z } from 'zod';
import type { AccessKey } from '../access.js';
import { defineEndpoint, CSV_ANSWER } from '../contract.js';
import { pageOf } from '../schemas/common.js';
import { acknowledgeBodySchema, assignBodySchema, bulkAssignResultSchema, bulkAssignSchema, cancelBodySchema, closeBodySchema, commentCreateSchema, completeBodySchema, priorityBodySchema, reopenBodySchema, scheduleBodySchema, serviceRequestCreateSchema, serviceRequestDetailSchema, serviceRequestExportQuerySchema, serviceRequestIdParamsSchema, serviceRequestListQuerySchema, serviceRequestMapQuerySchema, serviceRequestPinListSchema, serviceRequestSummarySchema, type ServiceRequestTransition, serviceRequestUpdateSchema, startBodySchema } from '../schemas/service-requests.js';

const tags = ['service requests'] as const;

/** `POST /api/ServiceRequests/{id}/{action}`: one status step; the answer is the whole request. */
function transition<Body extends z.ZodType>(action: ServiceRequestTransition, access: AccessKey, body: Body, summary: string) {
  return defineEndpoint({
    method: 'POST',
    path: `/api/ServiceRequests/:id/${action}`,
    access,
    tags,
    summary,
    params: serviceRequestIdParamsSchema,
    body,
    response: serviceRequestDetailSchema,
  });
}

/** `/api/ServiceRequests`: requests in scope, their map, CSV export, comments, assignment, priority and status transitions. */
export const SERVICE_REQUESTS_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/ServiceRequests',
    access: 'authenticated',
    tags,
    summary: 'Requests in the caller’s scope, filtered, sorted and paged',
    query: serviceRequestListQuerySchema,
    response: pageOf(serviceRequestSummarySchema),
  }),
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/api/ServiceRequests/export.csv',
    access: 'authenticated',
    tags,
    summary: 'CSV of the current filter (every row, streamed), headers in the caller’s language',
    query: serviceRequestExportQuerySchema,
    response: CSV_ANSWER,
  }),
  map: defineEndpoint({
    method: 'GET',
    path: '/api/ServiceRequests/map',
    access: 'authenticated',
    tags,
    summary: 'Pins of a customer’s requests for its map (404 outside scope)',
    query: serviceRequestMapQuerySchema,
    response: serviceRequestPinListSchema,
  }),
  bulkAssign: defineEndpoint({
    method: 'POST',
    path: '/api/ServiceRequests/bulk-assign',
    access: 'staff',
    tags,
    summary: 'Assign (or unassign with null) many requests at once',
    body: bulkAssignSchema,
    response: bulkAssignResultSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/ServiceRequests/:id',
    access: 'authenticated',
    tags,
    summary: 'One request with attachments, timeline (internal notes for staff only) and allowed actions',
    params: serviceRequestIdParamsSchema,
    response: serviceRequestDetailSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/ServiceRequests',
    access: 'authenticated',
    tags,
    summary: 'File a request (customer users for their customer; staff on a customer’s behalf)',
    body: serviceRequestCreateSchema,
    response: serviceRequestDetailSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/ServiceRequests/:id',
    access: 'authenticated',
    tags,
    summary: 'Edit title, description, type, location, contact, add attachments',
    params: serviceRequestIdParamsSchema,
    body: serviceRequestUpdateSchema,
    response: serviceRequestDetailSchema,
  }),
  addComment: defineEndpoint({
    method: 'POST',
    path: '/api/ServiceRequests/:id/comments',
    access: 'authenticated',
    tags,
    summary: 'Comment with photos; internal: true makes a staff-only note',
    params: serviceRequestIdParamsSchema,
    body: commentCreateSchema,
    response: serviceRequestDetailSchema,
    status: 201,
  }),
  // Staff-only steps use the `staff` key (customer users get 403 before anything loads); the rest
  // are open to everyone signed in and decided by the policy.
  acknowledge: transition('acknowledge', 'staff', acknowledgeBodySchema, 'Acknowledge a new request (staff)'),
  schedule: transition('schedule', 'staff', scheduleBodySchema, 'Schedule or reschedule the work (staff)'),
  start: transition('start', 'staff', startBodySchema, 'Start the work (staff)'),
  complete: transition('complete', 'staff', completeBodySchema, 'Complete the work, with "after" photos (staff)'),
  close: transition('close', 'authenticated', closeBodySchema, 'Confirm a completed request closed'),
  cancel: transition('cancel', 'authenticated', cancelBodySchema, 'Cancel with a reason (staff while open; the requester while new)'),
  reopen: transition('reopen', 'authenticated', reopenBodySchema, 'Reopen within 14 days of completion, with a reason'),
  assign: defineEndpoint({
    method: 'POST',
    path: '/api/ServiceRequests/:id/assign',
    access: 'staff',
    tags,
    summary: 'Assign to staff on the customer’s team (null unassigns)',
    params: serviceRequestIdParamsSchema,
    body: assignBodySchema,
    response: serviceRequestDetailSchema,
  }),
  priority: defineEndpoint({
    method: 'POST',
    path: '/api/ServiceRequests/:id/priority',
    access: 'staff',
    tags,
    summary: 'Change the priority; due times are recomputed',
    params: serviceRequestIdParamsSchema,
    body: priorityBodySchema,
    response: serviceRequestDetailSchema,
  }),
};
