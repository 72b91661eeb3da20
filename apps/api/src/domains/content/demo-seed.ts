import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { regions } from '../../db/schema.js';
import type { DemoWorld } from '../../modules/domain-module.js';
import { contentItems } from './tables.js';

const DAY = 86_400_000;

/** A few items for the demo company: two published (all customers; Georgia), one draft. */
export async function seedDemoContent(tx: Tx, demo: DemoWorld, now = new Date()): Promise<number> {
  const [georgia] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.name, 'Georgia'));
  const authorId = demo.staffIds.get('amMar') ?? null;
  const rows: (typeof contentItems.$inferInsert)[] = [
    {
      kind: 'announcement',
      category: 'holiday_schedule',
      title: 'Thanksgiving week schedule',
      bodyHtml:
        '<p>Crews do not work on <strong>Thursday and Friday</strong> of Thanksgiving week. Visits planned for those days move to the Monday and Tuesday before.</p><p>Emergency calls are answered as usual.</p>',
      audienceType: 'all',
      status: 'published',
      publishedAt: new Date(now.getTime() - 3 * DAY),
      expireAt: new Date(now.getTime() + 10 * DAY),
      authorId,
    },
    {
      kind: 'article',
      category: 'seasonal_tip',
      title: 'Protect your lawn before the first frost',
      bodyHtml:
        '<h2>Three things to do now</h2><ul><li>Keep mowing at 3 inches until growth stops.</li><li>Water deeply once a week if there is no rain.</li><li>Leave fallen leaves off the turf: our crews blow them out on every visit.</li></ul>',
      audienceType: georgia ? 'region' : 'all',
      regionId: georgia?.id ?? null,
      status: 'published',
      publishedAt: new Date(now.getTime() - DAY),
      authorId,
    },
    {
      kind: 'announcement',
      category: 'storm_update',
      title: 'Storm clean-up order',
      bodyHtml: '<p>After the storm, crews clear fallen limbs from roads and walkways first, then beds and turf.</p>',
      audienceType: 'all',
      status: 'draft',
      authorId,
    },
  ];
  await tx.insert(contentItems).values(rows);
  return rows.length;
}
