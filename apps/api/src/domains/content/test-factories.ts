import type { CustomerRole } from '@grove/shared';
import { dbOf, type DbOrContext } from '../../test/factories.js';
import { contentAudienceCustomers, contentItems } from './tables.js';

export interface ContentOptions {
  title?: string;
  body?: string;
  status?: 'draft' | 'published';
  audience?: { type: 'all' } | { type: 'region'; regionId: string } | { type: 'branch'; branchId: string } | { type: 'customers'; customerIds: string[] };
  roles?: CustomerRole[];
  publishAt?: Date | null;
  expireAt?: Date | null;
  authorId?: string | null;
}

/** An item written straight to the database (published a minute ago unless told otherwise). */
export async function createContentItem(target: DbOrContext, options: ContentOptions = {}) {
  const db = dbOf(target);
  const audience = options.audience ?? { type: 'all' };
  const status = options.status ?? 'published';
  const [row] = await db
    .insert(contentItems)
    .values({
      title: options.title ?? 'Spring clean-up schedule',
      bodyHtml: options.body ?? '<p>Crews start the spring clean-up next week.</p>',
      audienceType: audience.type,
      regionId: audience.type === 'region' ? audience.regionId : null,
      branchId: audience.type === 'branch' ? audience.branchId : null,
      audienceRoles: options.roles ?? [],
      status,
      publishAt: options.publishAt ?? null,
      expireAt: options.expireAt ?? null,
      publishedAt: status === 'published' ? new Date(Date.now() - 60_000) : null,
      authorId: options.authorId ?? null,
    })
    .returning();
  if (audience.type === 'customers') {
    await db.insert(contentAudienceCustomers).values(audience.customerIds.map((customerId) => ({ contentId: row!.id, customerId })));
  }
  return row!;
}
