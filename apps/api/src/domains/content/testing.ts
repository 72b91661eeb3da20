/** Access-matrix entries (domains/access-matrix.test.ts) and file owners for /api/Content. */
import type { AccessCase, AccessFixture, ModuleTesting } from '../../modules/domain-module.js';
import type { CustomerRow } from '../../test/factories.js';
import { CUSTOMER_SIDE, STAFF, except, type AudienceTable } from '../../test/audience.js';
import { createContentItem } from './test-factories.js';

const input = (f: AccessFixture) => ({
  kind: 'announcement',
  category: 'general',
  title: 'Matrix announcement',
  body: '<p>Hello</p>',
  // The customer in every author's scope (decision 041): allowed for each of them.
  audience: { type: 'customers', customerIds: [f.inScope.id] },
});

/** A published item for `customer` only, made for one request. */
const itemFor = async (f: AccessFixture, customer: CustomerRow) => ({ id: (await createContentItem(f.ctx, { audience: { type: 'customers', customerIds: [customer.id] } })).id });

const cases: Record<string, AccessCase> = {
  'GET /api/Content': { listProbe: itemFor },
  'GET /api/Content/audience-options': {},
  'GET /api/Content/feed': { query: (_f, customer) => `customerId=${customer.id}` },
  'GET /api/Content/:id': { params: itemFor },
  'POST /api/Content': { body: input },
  'PUT /api/Content/:id': { params: itemFor, body: input },
  'POST /api/Content/:id/publish': { params: itemFor },
  'POST /api/Content/:id/unpublish': { params: itemFor },
  'DELETE /api/Content/:id': { params: itemFor },
  'POST /api/Content/:id/open': { params: itemFor },
};

/** Staff who write content (decision 041): all but Crew Leaders. */
const AUTHORS = except(STAFF, 'Crew Leader');

/**
 * Expected audience (test/audience.ts): spec §6 opens /content to every staff role; decision 041
 * scopes it — staff find the items reaching customers of their scope (an item for one customer is
 * that customer's record), authors manage those within their scope, Crew Leaders only read.
 * Customer-side users read what is meant for their property.
 */
const audience: AudienceTable = {
  'GET /api/Content': { who: STAFF, scope: 'list' },
  'GET /api/Content/audience-options': { who: STAFF },
  'GET /api/Content/feed': { who: CUSTOMER_SIDE, scope: 'record' },
  'GET /api/Content/:id': { who: STAFF, scope: 'record' },
  'POST /api/Content': { who: AUTHORS },
  'PUT /api/Content/:id': { who: AUTHORS, scope: 'record' },
  'POST /api/Content/:id/publish': { who: AUTHORS, scope: 'record' },
  'POST /api/Content/:id/unpublish': { who: AUTHORS, scope: 'record' },
  'DELETE /api/Content/:id': { who: AUTHORS, scope: 'record' },
  'POST /api/Content/:id/open': { who: CUSTOMER_SIDE, scope: 'record' },
};

export const contentTesting: ModuleTesting = {
  accessCases: cases,
  audience,
  fileOwners: [
    {
      label: 'published announcement image',
      customerUsersSee: true,
      async create(ctx, customer) {
        return { ownerType: 'content_image', ownerId: (await createContentItem(ctx, { audience: { type: 'customers', customerIds: [customer.id] } })).id };
      },
    },
    {
      label: 'draft announcement image',
      customerUsersSee: false,
      async create(ctx, customer) {
        return { ownerType: 'content_image', ownerId: (await createContentItem(ctx, { status: 'draft', audience: { type: 'customers', customerIds: [customer.id] } })).id };
      },
    },
  ],
};
