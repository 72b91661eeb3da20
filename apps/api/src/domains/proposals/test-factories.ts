import { eq } from 'drizzle-orm';
import type { OptionKey } from '@grove/shared';
import type { TestContext } from '../../test/test-app.js';
import { proposals, proposalVersions } from './tables.js';
import { insertProposal } from './test-world.js';

/**
 * An accepted proposal ($1,200, or the $500 alternative B when `option` is given), written straight
 * to the database, optionally answering an orange report: for tests of other areas (reports).
 */
export async function createAcceptedProposal(
  ctx: Pick<TestContext, 'database'>,
  values: { customerId: string; decidedAt: Date; orangeReportId?: string | null; option?: OptionKey; status?: 'accepted' | 'sent' },
): Promise<{ id: string }> {
  const { db } = ctx.database;
  const { id } = await insertProposal(ctx, values.customerId, 'sent');
  if (values.option) {
    const [version] = await db.select().from(proposalVersions).where(eq(proposalVersions.proposalId, id));
    const full = { key: 'A' as const, title: 'Full scope', subtotalCents: version!.totalCents, taxCents: 0, totalCents: version!.totalCents };
    const smaller = { key: values.option, title: 'Smaller scope', subtotalCents: 50_000, taxCents: 0, totalCents: 50_000 };
    await db.update(proposalVersions).set({ options: [full, smaller] as never }).where(eq(proposalVersions.proposalId, id));
  }
  const accepted = (values.status ?? 'accepted') === 'accepted';
  await db
    .update(proposals)
    .set({ status: values.status ?? 'accepted', decidedAt: accepted ? values.decidedAt : null, orangeReportId: values.orangeReportId ?? null, chosenOptionKey: accepted ? (values.option ?? null) : null })
    .where(eq(proposals.id, id));
  return { id };
}
