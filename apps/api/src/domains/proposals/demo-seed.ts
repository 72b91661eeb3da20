import { and, eq, inArray } from 'drizzle-orm';
import type { ProposalLineItemInput } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers, customers, users } from '../../db/schema.js';
import { contentSha256, priceContent } from './content.js';
import { nextProposalNumber } from './service.js';
import { proposalApprovalRounds, proposalApprovalRules, proposalSignatures, proposalVersions, proposalVotes, proposals } from './tables.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whitlock Ridge's second board member, so the demo board can reach its two-approval quorum. */
export const DEMO_SECOND_BOARD_MEMBER = { email: 'linda.park@demo.grove.test', firstName: 'Linda', lastName: 'Park' };

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);

interface DemoProposal {
  customer: string;
  title: string;
  scope: string;
  lines: ProposalLineItemInput[];
  options?: { key: 'A' | 'B'; title: string }[];
  status: 'draft' | 'sent' | 'accepted' | 'declined' | 'pending_approval';
  sentDaysAgo: number;
  declineReason?: string;
}

const PROPOSALS: DemoProposal[] = [
  {
    customer: 'Whitlock Ridge HOA',
    title: 'Entrance bed refresh with seasonal color',
    scope: 'Remove spent annuals at both entrance monuments, amend soil, install seasonal color and top-dress with pine straw.',
    lines: [
      { description: 'Seasonal color, 4" pots, installed', quantity: 240, unit: 'each', unitPriceCents: 325, taxRateBps: 700 },
      { description: 'Soil amendment', quantity: 6, unit: 'bag', unitPriceCents: 1450, taxRateBps: 700 },
      { description: 'Labor', quantity: 6, unit: 'hour', unitPriceCents: 6500, taxRateBps: 0 },
    ],
    status: 'sent',
    sentDaysAgo: 2,
  },
  {
    customer: 'Whitlock Ridge HOA',
    title: 'Irrigation controller upgrade',
    scope: 'Replace the clubhouse controller with a weather-based smart controller and add a rain sensor.',
    lines: [
      { description: 'Smart controller, 16 zones', quantity: 1, unit: 'each', unitPriceCents: 89500, taxRateBps: 700 },
      { description: 'Rain sensor', quantity: 1, unit: 'each', unitPriceCents: 12900, taxRateBps: 700 },
      { description: 'Installation and programming', quantity: 4, unit: 'hour', unitPriceCents: 8500, taxRateBps: 0 },
    ],
    status: 'accepted',
    sentDaysAgo: 20,
  },
  {
    customer: 'Whitlock Ridge HOA',
    title: 'Pond buffer planting',
    scope: 'Native plantings along the pond buffer to reduce erosion.',
    lines: [
      { description: 'Native grasses, 1 gal', quantity: 80, unit: 'each', unitPriceCents: 1200, taxRateBps: 700, optionKey: 'A' },
      { description: 'Native shrubs, 3 gal', quantity: 40, unit: 'each', unitPriceCents: 3800, taxRateBps: 700, optionKey: 'B' },
      { description: 'Site preparation', quantity: 1, unit: 'each', unitPriceCents: 45000, taxRateBps: 0 },
    ],
    options: [
      { key: 'A', title: 'Grasses only' },
      { key: 'B', title: 'Shrubs' },
    ],
    status: 'draft',
    sentDaysAgo: 0,
  },
  {
    customer: 'Brookstone Lakes Community Association',
    title: 'Tree canopy lift along the main drive',
    scope: 'Raise canopies to 14 ft over the road and 8 ft over sidewalks for 35 street trees.',
    lines: [{ description: 'Canopy lift per tree', quantity: 35, unit: 'each', unitPriceCents: 9500, taxRateBps: 0 }],
    status: 'declined',
    sentDaysAgo: 30,
    declineReason: 'Deferred to next fiscal year.',
  },
];

/**
 * Demo proposals (issue 12): Whitlock Ridge gets a second board member and the rule "over $500
 * needs 2 board approvals", a sent proposal awaiting its property manager, an accepted one (signed
 * and approved by both board members) and a draft with alternatives; Brookstone a declined one.
 */
export async function seedDemoProposals(tx: Tx, passwordHash: string): Promise<void> {
  const customerRows = await tx.select({ id: customers.id, name: customers.name, accountManagerId: customers.accountManagerId }).from(customers).where(inArray(customers.name, [...new Set(PROPOSALS.map((p) => p.customer))]));
  const byName = new Map(customerRows.map((row) => [row.name, row]));
  const whitlock = byName.get('Whitlock Ridge HOA');
  if (!whitlock) return;

  const [linda] = await tx
    .insert(users)
    .values({ email: DEMO_SECOND_BOARD_MEMBER.email, username: DEMO_SECOND_BOARD_MEMBER.email, firstName: 'Linda', lastName: 'Park', passwordHash, roles: ['Board Member'], title: 'Board Secretary', phone: '(770) 555-0185' })
    .returning({ id: users.id });
  await tx.insert(customerUsers).values({ customerId: whitlock.id, userId: linda!.id, status: 'active', roles: ['Board Member'] });
  await tx.insert(proposalApprovalRules).values({ customerId: whitlock.id, thresholdCents: 50_000, requiredApprovals: 2, updatedById: whitlock.accountManagerId });

  const linked = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, roles: customerUsers.roles })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(and(eq(customerUsers.customerId, whitlock.id), eq(customerUsers.status, 'active')));
  const pm = linked.find((u) => u.roles.includes('Property Manager'));
  const board = linked.filter((u) => u.roles.includes('Board Member')).map((u) => u.id);

  for (const demo of PROPOSALS) {
    const customer = byName.get(demo.customer);
    if (!customer) continue;
    const sentAt = demo.status === 'draft' ? null : at(demo.sentDaysAgo);
    const number = await nextProposalNumber(tx, new Date().getUTCFullYear());
    const priced = priceContent({ lineItems: demo.lines.map((l) => ({ ...l, unit: l.unit ?? 'each', taxRateBps: l.taxRateBps ?? 0 })), options: demo.options ?? [] });
    const version = { version: 1, title: demo.title, scope: demo.scope, validUntil: dateIn(demo.status === 'declined' ? 5 : 30), ...priced };
    const hash = contentSha256({ number, customerId: customer.id, customerName: customer.name, ...version });
    const decided = demo.status === 'accepted' || demo.status === 'declined' ? at(Math.max(0, demo.sentDaysAgo - 3)) : null;
    const [row] = await tx
      .insert(proposals)
      .values({
        number,
        customerId: customer.id,
        status: demo.status,
        createdById: customer.accountManagerId,
        sentAt,
        viewedAt: demo.status === 'sent' ? null : sentAt,
        decidedAt: decided,
        declineReason: demo.declineReason ?? null,
        createdAt: at(demo.sentDaysAgo + 1),
        updatedAt: decided ?? sentAt ?? new Date(),
      })
      .returning({ id: proposals.id });
    await tx.insert(proposalVersions).values({ proposalId: row!.id, createdById: customer.accountManagerId, contentSha256: sentAt ? hash : null, sentAt, ...version });
    if (demo.status === 'accepted' && pm && board.length >= 2) {
      const signedAt = at(demo.sentDaysAgo - 1);
      const [signature] = await tx
        .insert(proposalSignatures)
        .values({ proposalId: row!.id, version: 1, signerId: pm.id, signerName: `${pm.firstName} ${pm.lastName}`, signerRoles: ['Property Manager'], consent: true, contentSha256: hash, ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (demo)', signedAt })
        .returning({ id: proposalSignatures.id });
      const [round] = await tx
        .insert(proposalApprovalRounds)
        .values({ proposalId: row!.id, signatureId: signature!.id, status: 'approved', thresholdCents: 50_000, requiredApprovals: 2, voterIds: board, startedAt: signedAt, closedAt: decided })
        .returning({ id: proposalApprovalRounds.id });
      await tx.insert(proposalVotes).values(board.slice(0, 2).map((voterId, i) => ({ roundId: round!.id, voterId, vote: 'approve' as const, comment: i === 0 ? 'Saves water; good value.' : null, votedAt: at(demo.sentDaysAgo - 2 - i) })));
    }
  }
}
