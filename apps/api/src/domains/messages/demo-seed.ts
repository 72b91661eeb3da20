import { BUSINESS_DAY_HOURS } from '@grove/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { branches, customers, users } from '../../db/schema.js';
import { addBusinessHours } from '../service-requests/index.js';
import { messageThreadMembers, messageThreads, messages } from './tables.js';

type Executor = Pick<Db, 'select' | 'insert'>;

interface DemoMessage {
  by: string;
  hoursAgo: number;
  text: string;
  internal?: boolean;
}

interface DemoThread {
  customer: string;
  subject: string;
  participants: string[];
  messages: DemoMessage[];
  /** People who have read up to the message with this index (the author of a message has read it). */
  readUpTo?: Record<string, number>;
}

const d = (local: string) => `${local}@demo.grove.test`;
const EMAILS = {
  pm: d('property-manager'),
  board: d('board-member'),
  am: d('account-manager'),
  crew: d('crew-leader'),
  whitfield: d('james.whitfield'),
  amAlp: d('emily.carter'),
  ramirez: d('sofia.ramirez'),
  amPla: d('carlos.mendoza'),
};

/** Conversations the demo logins find: unanswered, overdue, internal notes, unread on both sides. */
const THREADS: DemoThread[] = [
  {
    customer: 'MAR-1001',
    subject: 'Irrigation leak by the clubhouse',
    participants: ['pm', 'board'],
    messages: [
      { by: 'pm', hoursAgo: 80, text: 'Good morning — there is water bubbling up in the lawn between the clubhouse and the pool gate again. The sidewalk stays wet all day. Could someone look at it before the weekend?' },
      { by: 'board', hoursAgo: 50, text: 'I walked by this morning: it is getting worse, there is a small puddle on the path now.' },
      { by: 'crew', hoursAgo: 26, text: 'Valve box 3 — the solenoid is stuck open. Replacement ordered, arrives Thursday. Jordan, can you let them know?', internal: true },
    ],
    readUpTo: { board: 1, pm: 1, crew: 2 },
  },
  {
    customer: 'MAR-1001',
    subject: 'Spring color for the entrance beds',
    participants: ['pm', 'board'],
    messages: [
      { by: 'am', hoursAgo: 150, text: 'Hello Karen and Thomas,\n\nFor the spring rotation at both entrances we suggest white and purple angelonia with a dusty miller border. Attached to the proposal you will find two alternatives. Could the board decide by the end of next week?' },
      { by: 'pm', hoursAgo: 130, text: 'Thanks Jordan, I forwarded it to the board. The residents liked last year’s yellow, for what it is worth.' },
      { by: 'am', hoursAgo: 127, text: 'Noted — we can keep a yellow accent (lantana) at the monument sign if the board wants.' },
      { by: 'board', hoursAgo: 20, text: 'The board approved the white and purple mix with the yellow accent at the sign. Please go ahead.' },
    ],
    readUpTo: { pm: 2, am: 2 },
  },
  {
    customer: 'MAR-1006',
    subject: 'Fallen limb on the walking trail',
    participants: ['pm'],
    messages: [
      { by: 'pm', hoursAgo: 220, text: 'A large oak limb came down across the walking trail behind lot 42 during last night’s storm. Nobody is hurt, but the trail is blocked.' },
      { by: 'crew', hoursAgo: 214, text: 'We are on site now and will have it cut and hauled away before noon.' },
      { by: 'am', hoursAgo: 190, text: 'The limb is gone and the trail is open again. We also checked the other oaks along the trail: no other damage.' },
    ],
    readUpTo: { pm: 2, crew: 2 },
  },
  {
    customer: 'ALP-1001',
    subject: 'Mulch delivery date',
    participants: ['whitfield'],
    messages: [{ by: 'whitfield', hoursAgo: 4, text: 'Hi Emily, when is the pine straw for the common areas scheduled? The board would like it done before the annual meeting on the 15th.' }],
  },
  {
    customer: 'PLA-1001',
    subject: 'Erosion at the pond edge',
    participants: ['ramirez'],
    messages: [
      { by: 'ramirez', hoursAgo: 96, text: 'The bank on the north side of the pond is washing out after the rains. Can you propose a fix?' },
      { by: 'amPla', hoursAgo: 90, text: 'Sofia, we will walk it on Tuesday with our enhancement lead and send a proposal with river rock and native plantings.' },
    ],
    readUpTo: { ramirez: 1 },
  },
];

/** Seeds the demo conversations (part of the demo company's transaction). Returns how many. */
export async function seedDemoMessages(tx: Executor, options: { now?: Date } = {}): Promise<number> {
  const now = (options.now ?? new Date()).getTime();
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(EMAILS)));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const who = (key: string) => idOf.get(EMAILS[key as keyof typeof EMAILS]);
  let seeded = 0;
  for (const demo of THREADS) {
    const [customer] = await tx
      .select({ id: customers.id, timeZone: branches.timeZone })
      .from(customers)
      .innerJoin(branches, eq(branches.id, customers.branchId))
      .where(eq(customers.accountNumber, demo.customer));
    const authors = demo.messages.map((m) => who(m.by));
    if (!customer || authors.some((id) => !id)) continue;
    const at = demo.messages.map((m) => new Date(now - m.hoursAgo * 3_600_000));
    const staffKeys = new Set(['am', 'crew', 'amAlp', 'amPla']);
    // The customer waits from their first message after the last visible staff answer.
    let waitingSince: Date | null = null;
    demo.messages.forEach((m, index) => {
      if (m.internal) return;
      if (staffKeys.has(m.by)) waitingSince = null;
      else waitingSince ??= at[index]!;
    });
    const since = waitingSince as Date | null;
    const visible = demo.messages.map((m, index) => (m.internal ? null : at[index]!)).filter((x): x is Date => x !== null);
    const [thread] = await tx
      .insert(messageThreads)
      .values({
        customerId: customer.id,
        subject: demo.subject,
        createdById: authors[0]!,
        createdAt: at[0]!,
        lastMessageAt: at.at(-1)!,
        lastPublicMessageAt: visible.at(-1) ?? at[0]!,
        awaitingReplySince: since,
        replyDueAt: since ? addBusinessHours(since, BUSINESS_DAY_HOURS, customer.timeZone) : null,
      })
      .returning({ id: messageThreads.id });
    await tx.insert(messages).values(
      demo.messages.map((m, index) => ({ threadId: thread!.id, authorId: authors[index]!, body: m.text, internal: m.internal ?? false, createdAt: at[index]! })),
    );
    const members = new Map<string, { participant: boolean; lastReadAt: Date | null }>();
    for (const key of demo.participants) members.set(who(key)!, { participant: true, lastReadAt: null });
    for (const [key, index] of Object.entries(demo.readUpTo ?? {})) {
      const id = who(key);
      if (!id) continue;
      members.set(id, { participant: members.get(id)?.participant ?? false, lastReadAt: at[index]! });
    }
    demo.messages.forEach((m, index) => {
      const id = authors[index]!;
      const member = members.get(id) ?? { participant: false, lastReadAt: null };
      if (!member.lastReadAt || member.lastReadAt < at[index]!) member.lastReadAt = at[index]!;
      members.set(id, member);
    });
    await tx.insert(messageThreadMembers).values([...members].map(([userId, member]) => ({ threadId: thread!.id, userId, ...member })));
    seeded++;
  }
  return seeded;
}
