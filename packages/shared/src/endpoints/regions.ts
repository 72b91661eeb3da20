import { defineEndpoint } from '../contract.js';
import { branchCreateSchema, branchListQuerySchema, branchListSchema, branchSchema, branchUpdateSchema, regionIdParamsSchema, regionListSchema, regionSchema, regionWriteSchema } from '../schemas/customers.js';

const tags = ['regions'] as const;

/** `/api/Regions` and `/api/Branches`: the organisation staff scope is built from. */
export const REGIONS_ENDPOINTS = {
  listRegions: defineEndpoint({
    method: 'GET',
    path: '/api/Regions',
    access: 'staff',
    tags,
    summary: 'All regions',
    response: regionListSchema,
  }),
  createRegion: defineEndpoint({
    method: 'POST',
    path: '/api/Regions',
    access: 'staff',
    tags,
    summary: 'Create a region (System Admin)',
    body: regionWriteSchema,
    response: regionSchema,
    status: 201,
  }),
  updateRegion: defineEndpoint({
    method: 'PUT',
    path: '/api/Regions/:id',
    access: 'staff',
    tags,
    summary: 'Rename a region (System Admin)',
    params: regionIdParamsSchema,
    body: regionWriteSchema,
    response: regionSchema,
  }),
  listBranches: defineEndpoint({
    method: 'GET',
    path: '/api/Branches',
    access: 'staff',
    tags,
    summary: 'All branches, optionally of one region',
    query: branchListQuerySchema,
    response: branchListSchema,
  }),
  createBranch: defineEndpoint({
    method: 'POST',
    path: '/api/Branches',
    access: 'staff',
    tags,
    summary: 'Create a branch (System Admin)',
    body: branchCreateSchema,
    response: branchSchema,
    status: 201,
  }),
  updateBranch: defineEndpoint({
    method: 'PUT',
    path: '/api/Branches/:id',
    access: 'staff',
    tags,
    summary: 'Change a branch (System Admin); moving it to another region moves its customers',
    params: regionIdParamsSchema,
    body: branchUpdateSchema,
    response: branchSchema,
  }),
};
