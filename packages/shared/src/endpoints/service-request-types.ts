import { defineEndpoint, noContent } from '../contract.js';
import { referenceListQuerySchema, serviceRequestIdParamsSchema, serviceRequestPriorityCreateSchema, serviceRequestPriorityListSchema, serviceRequestPrioritySchema, serviceRequestPriorityUpdateSchema, serviceRequestTypeCreateSchema, serviceRequestTypeListSchema, serviceRequestTypeSchema, serviceRequestTypeUpdateSchema } from '../schemas/service-requests.js';

const tags = ['service requests'] as const;

/** `/api/ServiceRequestTypes` and `/api/ServiceRequestPriorities`: read by everyone signed in, managed by System Admin. */
export const SERVICE_REQUEST_TYPES_ENDPOINTS = {
  listTypes: defineEndpoint({
    method: 'GET',
    path: '/api/ServiceRequestTypes',
    access: 'authenticated',
    tags,
    summary: 'Service request types (retired ones only with includeRetired=true)',
    query: referenceListQuerySchema,
    response: serviceRequestTypeListSchema,
  }),
  createType: defineEndpoint({
    method: 'POST',
    path: '/api/ServiceRequestTypes',
    access: 'staff',
    tags,
    summary: 'Add a type (System Admin)',
    body: serviceRequestTypeCreateSchema,
    response: serviceRequestTypeSchema,
    status: 201,
  }),
  updateType: defineEndpoint({
    method: 'PUT',
    path: '/api/ServiceRequestTypes/:id',
    access: 'staff',
    tags,
    summary: 'Rename, reorder, retire (retired: true) or restore a type (System Admin)',
    params: serviceRequestIdParamsSchema,
    body: serviceRequestTypeUpdateSchema,
    response: serviceRequestTypeSchema,
  }),
  removeType: defineEndpoint({
    method: 'DELETE',
    path: '/api/ServiceRequestTypes/:id',
    access: 'staff',
    tags,
    summary: 'Delete an unused type (System Admin); 409 when requests use it',
    params: serviceRequestIdParamsSchema,
    response: noContent,
  }),
  listPriorities: defineEndpoint({
    method: 'GET',
    path: '/api/ServiceRequestPriorities',
    access: 'authenticated',
    tags,
    summary: 'Priorities with their SLA targets, most urgent first',
    query: referenceListQuerySchema,
    response: serviceRequestPriorityListSchema,
  }),
  createPriority: defineEndpoint({
    method: 'POST',
    path: '/api/ServiceRequestPriorities',
    access: 'staff',
    tags,
    summary: 'Add a priority (System Admin)',
    body: serviceRequestPriorityCreateSchema,
    response: serviceRequestPrioritySchema,
    status: 201,
  }),
  updatePriority: defineEndpoint({
    method: 'PUT',
    path: '/api/ServiceRequestPriorities/:id',
    access: 'staff',
    tags,
    summary: 'Change a priority’s name, rank, targets or clock, retire or restore it (System Admin)',
    params: serviceRequestIdParamsSchema,
    body: serviceRequestPriorityUpdateSchema,
    response: serviceRequestPrioritySchema,
  }),
  removePriority: defineEndpoint({
    method: 'DELETE',
    path: '/api/ServiceRequestPriorities/:id',
    access: 'staff',
    tags,
    summary: 'Delete an unused priority (System Admin); 409 when requests use it',
    params: serviceRequestIdParamsSchema,
    response: noContent,
  }),
};
