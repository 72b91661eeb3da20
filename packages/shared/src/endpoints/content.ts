import { z } from 'zod';
import { defineEndpoint, noContent } from '../contract.js';
import { idSchema, pageOf } from '../schemas/common.js';
import { contentAudienceOptionsSchema, contentFeedItemSchema, contentFeedQuerySchema, contentInputSchema, contentItemSchema, contentListQuerySchema } from '../schemas/content.js';

const tags = ['content'] as const;
const params = z.object({ id: idSchema });

/** `/api/Content`: staff write announcements and articles; customer-side users read those meant for them. */
export const CONTENT_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Content',
    access: 'staff',
    tags,
    summary: 'Announcements and articles the caller may manage (with reach) or that reach their customers, newest change first',
    query: contentListQuerySchema,
    response: pageOf(contentItemSchema),
  }),
  feed: defineEndpoint({
    method: 'GET',
    path: '/api/Content/feed',
    access: 'customer',
    tags,
    summary: 'What the caller may read at one property now',
    query: contentFeedQuerySchema,
    response: z.object({ data: z.array(contentFeedItemSchema) }),
  }),
  audienceOptions: defineEndpoint({
    method: 'GET',
    path: '/api/Content/audience-options',
    access: 'staff',
    tags,
    summary: 'The audiences the caller may address (regions, branches, chosen customers)',
    response: contentAudienceOptionsSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Content/:id',
    access: 'staff',
    tags,
    summary: 'One item',
    params,
    response: contentItemSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/Content',
    access: 'staff',
    tags,
    summary: 'A new draft',
    body: contentInputSchema,
    response: contentItemSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/Content/:id',
    access: 'staff',
    tags,
    summary: 'Change an item (published ones change in place)',
    params,
    body: contentInputSchema,
    response: contentItemSchema,
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/Content/:id/publish',
    access: 'staff',
    tags,
    summary: 'Publish (shown from its publish date until it expires)',
    params,
    response: contentItemSchema,
  }),
  unpublish: defineEndpoint({
    method: 'POST',
    path: '/api/Content/:id/unpublish',
    access: 'staff',
    tags,
    summary: 'Back to draft (hidden from customers)',
    params,
    response: contentItemSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/Content/:id',
    access: 'staff',
    tags,
    summary: 'Delete an item and its reach',
    params,
    response: noContent,
  }),
  open: defineEndpoint({
    method: 'POST',
    path: '/api/Content/:id/open',
    access: 'customer',
    tags,
    summary: 'Record that the caller opened an item (once per person)',
    params,
    response: noContent,
  }),
};
