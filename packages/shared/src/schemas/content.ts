import { z } from 'zod';
import { CUSTOMER_ROLES } from '../roles.js';
import { pageQuerySchema, text } from './common.js';

/*
 * Content (issue 14, decision 027): announcements and articles for customer-side users.
 *
 *   GET    /api/Content?ContentListQuery    → Page<ContentItem>     staff: the items they may manage (with
 *                                              reach) and, view only, those reaching their customers (decision 041)
 *   GET    /api/Content/audience-options    → ContentAudienceOptions  staff: the audiences the caller may address
 *   GET    /api/Content/:id                 → ContentItem           staff (an item of their list)
 *   POST   /api/Content                     ContentInput → ContentItem (201)   authors; a draft, audience in their scope
 *   PUT    /api/Content/:id                 ContentInput → ContentItem         authors, items they may manage
 *   POST   /api/Content/:id/publish         → ContentItem           authors, items they may manage
 *   POST   /api/Content/:id/unpublish       → ContentItem           authors (back to draft)
 *   DELETE /api/Content/:id                 → 204                   authors
 *   GET    /api/Content/feed?customerId=    → { data: ContentFeedItem[] }   customer side: what the
 *                                              caller may read at that property now (published, not expired, audience)
 *   POST   /api/Content/:id/open            → 204                   customer side: records that the caller opened it (idempotent)
 *
 * The body is HTML written with the web's rich-text editor; the server keeps only an allow-list
 * of tags and attributes (no scripts, event handlers or javascript: URLs).
 */

export const CONTENT_CATEGORIES = ['general', 'seasonal_tip', 'holiday_schedule', 'storm_update'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];

export const CONTENT_KINDS = ['announcement', 'article'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Who reads it: every customer, a region's, a branch's, or chosen customers; optionally only some customer roles. */
export const CONTENT_AUDIENCES = ['all', 'region', 'branch', 'customers'] as const;
export type ContentAudienceType = (typeof CONTENT_AUDIENCES)[number];

export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Where an item is in its life: a draft, published but not yet shown, shown, past its end. */
export const CONTENT_STATES = ['draft', 'scheduled', 'live', 'expired'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

export const CONTENT_LIMITS = { title: 200, body: 50_000, customers: 500 } as const;

const isoDateTime = z.iso.datetime({ offset: true, message: 'invalid' });

export const contentInputSchema = z
  .object({
    kind: z.enum(CONTENT_KINDS, { message: 'required' }),
    category: z.enum(CONTENT_CATEGORIES, { message: 'required' }),
    title: text(CONTENT_LIMITS.title),
    /** HTML from the editor; sanitised by the server. */
    body: z.string().max(CONTENT_LIMITS.body),
    /** Uploaded first through /api/Files/uploadPhoto (for no customer). */
    imageId: z.uuid({ message: 'invalid' }).nullable().optional(),
    audience: z.object({
      type: z.enum(CONTENT_AUDIENCES, { message: 'required' }),
      regionId: z.uuid({ message: 'required' }).nullable().optional(),
      branchId: z.uuid({ message: 'required' }).nullable().optional(),
      customerIds: z.array(z.uuid({ message: 'invalid' })).max(CONTENT_LIMITS.customers).optional(),
      /** Empty: every customer-side role. */
      roles: z.array(z.enum(CUSTOMER_ROLES, { message: 'invalid' })).max(CUSTOMER_ROLES.length).optional(),
    }),
    /** Shown from then on once published; null: from publishing. */
    publishAt: isoDateTime.nullable().optional(),
    /** Hidden from then on; null: never. */
    expireAt: isoDateTime.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const a = value.audience;
    if (a.type === 'region' && !a.regionId) ctx.addIssue({ code: 'custom', path: ['audience', 'regionId'], message: 'required' });
    if (a.type === 'branch' && !a.branchId) ctx.addIssue({ code: 'custom', path: ['audience', 'branchId'], message: 'required' });
    if (a.type === 'customers' && (a.customerIds ?? []).length === 0) ctx.addIssue({ code: 'custom', path: ['audience', 'customerIds'], message: 'required' });
    if (value.publishAt && value.expireAt && Date.parse(value.expireAt) <= Date.parse(value.publishAt)) {
      ctx.addIssue({ code: 'custom', path: ['expireAt'], message: 'invalid' });
    }
  });
export type ContentInput = z.input<typeof contentInputSchema>;

export const contentListQuerySchema = pageQuerySchema.omit({ sort: true }).extend({
  state: z.enum(CONTENT_STATES, { message: 'invalid' }).optional(),
});
export type ContentListQuery = z.input<typeof contentListQuerySchema>;

export const contentFeedQuerySchema = z.object({ customerId: z.uuid({ message: 'required' }) });

const imageSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string().nullable() }).nullable();

export const contentItemSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  category: z.enum(CONTENT_CATEGORIES),
  title: z.string(),
  body: z.string(),
  image: imageSchema,
  audience: z.object({
    type: z.enum(CONTENT_AUDIENCES),
    regionId: z.string().nullable(),
    regionName: z.string().nullable(),
    branchId: z.string().nullable(),
    branchName: z.string().nullable(),
    customers: z.array(z.object({ id: z.string(), name: z.string() })),
    roles: z.array(z.enum(CUSTOMER_ROLES)),
  }),
  status: z.enum(CONTENT_STATUSES),
  /** `scheduled`: published with a future start; `expired`: past its end; else the status. */
  state: z.enum(CONTENT_STATES),
  publishAt: z.string().nullable(),
  expireAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Reach: distinct customer-side users who opened it, of the active users in its audience now; null on a view-only item. */
  reach: z.object({ opened: z.number().int(), audience: z.number().int() }).nullable(),
  /** The caller may edit, publish, unpublish and delete it (its audience lies within their scope, decision 041). */
  canManage: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/**
 * The audiences the caller may address (decision 041): `types` they may pick, and the regions and
 * branches their pickers offer. Chosen customers come from the customer list, which is already
 * limited to the caller's scope. `mayAuthor` false: the caller reads content but writes none.
 */
export const contentAudienceOptionsSchema = z.object({
  mayAuthor: z.boolean(),
  types: z.array(z.enum(CONTENT_AUDIENCES)),
  regions: z.array(z.object({ id: z.string(), name: z.string() })),
  branches: z.array(z.object({ id: z.string(), name: z.string(), regionId: z.string() })),
});
export type ContentAudienceOptions = z.infer<typeof contentAudienceOptionsSchema>;

export const contentFeedItemSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  category: z.enum(CONTENT_CATEGORIES),
  title: z.string(),
  body: z.string(),
  image: imageSchema,
  publishedAt: z.string(),
  expireAt: z.string().nullable(),
  /** The caller opened it before. */
  opened: z.boolean(),
});
export type ContentFeedItem = z.infer<typeof contentFeedItemSchema>;
