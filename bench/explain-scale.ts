/**
 * The database's share of each scale case (issue 15 goal 3, decision 034), independent of how busy
 * Node or the machine is: every SQL statement a list, search, filter, deep page or detail runs is
 * recorded with drizzle's logger while the service runs here, then run again with
 * `EXPLAIN (ANALYZE, BUFFERS)` on the scale database. Prints per case the statements, their summed
 * planning and execution time (best of three) and any sequential scan of a big table.
 *
 * Run: `npm run bench:generate` once, then `npm run bench:explain` (BENCH_DATABASE_URL).
 */
import pg from 'pg';
import { eq } from 'drizzle-orm';
import {
  customerListQuerySchema,
  documentListQuerySchema,
  invoiceListQuerySchema,
  messageListQuerySchema,
  orangeReportListQuerySchema,
  planListQuerySchema,
  proposalListQuerySchema,
  serviceRequestListQuerySchema,
} from '@grove/shared';
import { openDatabase } from '../apps/api/src/db/client.js';
import '../apps/api/src/modules/registry.js';
import { users } from '../apps/api/src/db/schema.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/grove_bench';
const BIG_TABLES = new Set(['service_requests', 'service_request_events', 'customers', 'invoices', 'orange_reports', 'plans', 'plan_occurrences', 'proposals', 'documents', 'message_threads', 'messages']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG_TABLES.has(node['Relation Name'])) found.push(`${node['Relation Name']} (${node['Actual Rows']} rows)`);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

const captured: { sql: string; params: unknown[] }[] = [];
const database = await openDatabase({ databaseUrl: DATABASE_URL, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
const db = database.db;
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();

const signedIn = async (email: string) => {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} is missing: run npm run bench:generate`);
  return row as never;
};
const admin = await signedIn('system-admin@demo.grove.test');
const pm = await signedIn('property-manager@demo.grove.test');

const { listRequests, getRequestDetail } = await import('../apps/api/src/domains/service-requests/queries.js');
const { listCustomers } = await import('../apps/api/src/domains/customers/service.js');
const { listReports } = await import('../apps/api/src/domains/orange-reports/queries.js');
const { listPlans } = await import('../apps/api/src/domains/plans/plan-service.js');
const { listInvoices } = await import('../apps/api/src/domains/invoices/queries.js');
const { listProposals } = await import('../apps/api/src/domains/proposals/queries.js');
const { listDocuments } = await import('../apps/api/src/domains/documents/service.js');
const { listThreads } = await import('../apps/api/src/domains/messages/service.js');

const requests = (who: never, input: Record<string, string>) => () => listRequests(db, who, serviceRequestListQuerySchema.parse(input));
const firstPage = await listRequests(db, admin, serviceRequestListQuerySchema.parse({ pageSize: '100' }));
let cursor = firstPage.nextCursor;
for (let i = 0; i < 39 && cursor; i++) cursor = (await listRequests(db, admin, serviceRequestListQuerySchema.parse({ pageSize: '100', cursor }))).nextCursor;

const cases: [string, () => Promise<unknown>][] = [
  ['customers list (admin)', () => listCustomers(db, admin, customerListQuerySchema.parse({}))],
  ['customers search', () => listCustomers(db, admin, customerListQuerySchema.parse({ search: 'Ridge 12' }))],
  ['customers page 40', () => listCustomers(db, admin, customerListQuerySchema.parse({ page: '40' }))],
  ['requests list (admin)', requests(admin, {})],
  ['requests list (property manager)', requests(pm, {})],
  ['requests deep page (keyset, row 4,000)', requests(admin, { cursor: cursor ?? '' })],
  ['requests page 2,000 (OFFSET)', requests(admin, { page: '2000' })],
  ['requests search', requests(admin, { search: 'fallen tree limb' })],
  ['requests search (selective)', requests(admin, { search: 'SR-B0012345' })],
  ['requests overdue', requests(admin, { overdue: 'true' })],
  ['requests open', requests(admin, { open: 'true' })],
  ['request detail', () => getRequestDetail(db, admin, firstPage.data[0]!.id)],
  ['orange reports list', () => listReports(db, admin, orangeReportListQuerySchema.parse({}))],
  ['plans list', () => listPlans(db, admin, planListQuerySchema.parse({}))],
  ['invoices list', () => listInvoices(db, admin, invoiceListQuerySchema.parse({}))],
  ['invoices overdue', () => listInvoices(db, admin, invoiceListQuerySchema.parse({ overdue: 'true' }))],
  ['proposals list', () => listProposals(db, admin, proposalListQuerySchema.parse({}))],
  ['documents list', () => listDocuments(db, admin, documentListQuerySchema.parse({}))],
  ['messages list', () => listThreads(db, admin, messageListQuerySchema.parse({}))],
];

console.log('case | statements | planning ms | execution ms | seq scans of big tables');
for (const [name, run] of cases) {
  captured.length = 0;
  await run();
  const statements = captured.filter((s) => /^\s*(select|with)/i.test(s.sql));
  let planning = 0;
  let execution = 0;
  const scans: string[] = [];
  for (const statement of statements) {
    let best: { planning: number; execution: number; plan: PlanNode } | undefined;
    for (let i = 0; i < 3; i++) {
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, buffers, format json) ${statement.sql}`, statement.params);
      const [result] = rows[0]!['QUERY PLAN'] as { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }[];
      if (!best || result!['Execution Time'] + result!['Planning Time'] < best.execution + best.planning)
        best = { planning: result!['Planning Time'], execution: result!['Execution Time'], plan: result!.Plan };
    }
    planning += best!.planning;
    execution += best!.execution;
    scans.push(...seqScans(best!.plan));
    if (process.env.VERBOSE) console.log(`   ${best!.execution.toFixed(1)} ms  ${statement.sql.slice(0, 160)}`);
  }
  console.log(`${name} | ${statements.length} | ${planning.toFixed(1)} | ${execution.toFixed(1)} | ${scans.join(', ') || '-'}`);
}
await client.end();
await database.close();
