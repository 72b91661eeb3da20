import { defineEndpoint } from '../contract.js';
import { pageOf } from '../schemas/common.js';
import { employeeCreateSchema, employeeIdParamsSchema, employeeListQuerySchema, employeeSchema, employeeUpdateSchema } from '../schemas/employees.js';

const tags = ['employees'] as const;

/** `/api/Employees`: the team directory for all staff; staff records are managed by System Admin. */
export const EMPLOYEES_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Employees',
    access: 'staff',
    tags,
    summary: 'Staff directory, paged, with the customers each serves (only those the caller sees)',
    query: employeeListQuerySchema,
    response: pageOf(employeeSchema),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/Employees/:id',
    access: 'staff',
    tags,
    summary: 'One staff member',
    params: employeeIdParamsSchema,
    response: employeeSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/Employees',
    access: 'staff',
    tags,
    summary: 'Create a staff member and email an invitation (System Admin)',
    body: employeeCreateSchema,
    response: employeeSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/Employees/:id',
    access: 'staff',
    tags,
    summary: 'Change a staff member (System Admin); role, placement and status changes end their sessions',
    params: employeeIdParamsSchema,
    body: employeeUpdateSchema,
    response: employeeSchema,
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/api/Employees/:id/deactivate',
    access: 'staff',
    tags,
    summary: 'Deactivate a staff member and end their sessions (System Admin)',
    params: employeeIdParamsSchema,
    response: employeeSchema,
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/Employees/:id/resend-invitation',
    access: 'staff',
    tags,
    summary: 'Email a new invitation to a staff member who has not set a password (System Admin)',
    params: employeeIdParamsSchema,
    response: employeeSchema,
  }),
};
