import { z } from 'zod';
import { defineEndpoint } from '../contract.js';
import { pageOf } from '../schemas/common.js';
import {
  kudosCountsQuerySchema,
  kudosCountsSchema,
  kudosCreateSchema,
  kudosListQuerySchema,
  kudosRecipientSchema,
  kudosRecipientsQuerySchema,
  kudosSchema,
} from '../schemas/kudos.js';

const tags = ['kudos'] as const;

/** `/api/Kudos`: customer users thank the crew; staff see the kudos of their customers. */
export const KUDOS_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Kudos',
    access: 'authenticated',
    tags,
    summary: 'Kudos, newest first: staff see those of customers in scope (by customer or recipient), customer users those they sent',
    query: kudosListQuerySchema,
    response: pageOf(kudosSchema),
  }),
  recipients: defineEndpoint({
    method: 'GET',
    path: '/api/Kudos/recipients',
    access: 'customer',
    tags,
    summary: 'The Grove team of a customer, who can be thanked',
    query: kudosRecipientsQuerySchema,
    response: z.object({ data: z.array(kudosRecipientSchema) }),
  }),
  counts: defineEndpoint({
    method: 'GET',
    path: '/api/Kudos/counts',
    access: 'staff',
    tags,
    summary: 'How many kudos each staff member received (customers in scope)',
    query: kudosCountsQuerySchema,
    response: kudosCountsSchema,
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/Kudos',
    access: 'customer',
    tags,
    summary: 'Thank a team member or the whole crew',
    body: kudosCreateSchema,
    response: kudosSchema,
    status: 201,
  }),
};
