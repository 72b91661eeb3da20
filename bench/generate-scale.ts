/**
 * Builds a large company on PostgreSQL for the scale benchmarks (issue 15 goal 3, issue 14's report):
 * the demo company (so every demo sign-in works), then in SQL with generate_series — never through
 * the API — up to 200 staff, 2,000 customers, 5,000 customer users and 1,000,000 service requests
 * with their timeline events, and for the performance report ~340,000 plan visits, ~60,000 orange
 * reports with accepted proposals and ~40,000 kudos. The secondary indexes of the two big tables are dropped during the
 * load and built again afterwards (much faster than maintaining them row by row); then ANALYZE.
 *
 * Run: `npm run bench:generate` (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/grove_bench;
 * the database is dropped and made anew). Sizes: BENCH_REQUESTS, BENCH_CUSTOMERS, BENCH_STAFF,
 * BENCH_CUSTOMER_USERS. Random choices are seeded (setseed), so two runs build the same company.
 */
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../apps/api/src/db/client.js';
import '../apps/api/src/modules/registry.js';
import { seedDemoData } from '../apps/api/src/seed/demo.js';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/grove_bench';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2_000);
const STAFF = Number(process.env.BENCH_STAFF ?? 200);
const CUSTOMER_USERS = Number(process.env.BENCH_CUSTOMER_USERS ?? 5_000);
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Grove-Demo-2026';

const BIG_TABLES = ['service_requests', 'service_request_events'];

async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

async function step(client: pg.Client, label: string, sql: string): Promise<void> {
  const t0 = performance.now();
  const result = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
  const rows = Array.isArray(result) ? result.at(-1)?.rowCount : result.rowCount;
  console.log(`  ${label.padEnd(44)} ${String(rows ?? '').padStart(9)} rows  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(`generating into ${BENCH_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}`);
  await recreateDatabase(BENCH_DATABASE_URL);
  const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL });
  await database.migrate();
  await seedDemoData(database.db, { password: DEMO_PASSWORD, log: pino({ level: 'warn' }) });
  await database.close();

  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  await client.query(`set synchronous_commit = off; set maintenance_work_mem = '256MB'; select setseed(0.15)`);

  // Secondary indexes of the big tables: remembered, dropped, built again after the load.
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
      where i.tablename = any($1) and i.schemaname = 'public'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [BIG_TABLES],
  );
  for (const index of indexes) await client.query(`drop index ${pg.escapeIdentifier(index.indexname)}`);

  await step(
    client,
    'staff (account managers, crew leaders)',
    `insert into users (username, email, first_name, last_name, roles, region_id, branch_id, title)
     select 'bench-staff-' || g || '@bench.grove.test', 'bench-staff-' || g || '@bench.grove.test',
            (array['Avery','Jordan','Riley','Morgan','Casey','Quinn','Harper','Rowan'])[1 + g % 8],
            'Staff' || g,
            case when g % 3 = 0 then array['Crew Leader'] else array['Account Manager'] end,
            b.region_id, b.id, case when g % 3 = 0 then 'Crew Leader' else 'Account Manager' end
       from generate_series(1, greatest(0, ${STAFF} - (select count(*) from users u where not exists (select 1 from customer_users cu where cu.user_id = u.id)))::int) g
       cross join lateral (select id, region_id from branches order by id offset (g % (select count(*) from branches)) limit 1) b`,
  );

  await step(
    client,
    'customers',
    `insert into customers (name, account_number, type, status, address_line1, city, state, postal_code, latitude, longitude, region_id, branch_id, account_manager_id, contract_start)
     select (array['Oak','Maple','Cedar','Willow','Magnolia','Pine','Birch','Aspen','Laurel','Hickory'])[1 + g % 10] || ' ' ||
            (array['Ridge','Park','Commons','Landing','Point','Village','Estates','Crossing','Heights','Plaza'])[1 + (g / 10) % 10] || ' ' || g,
            'B-' || lpad(g::text, 6, '0'),
            (array['hoa','commercial','municipal'])[1 + g % 3],
            case when g % 25 = 0 then 'inactive' else 'active' end,
            (100 + g) || ' ' || (array['Peachtree','Main','Elm','Market','River','Lake'])[1 + g % 6] || ' St',
            (array['Atlanta','Marietta','Alpharetta','Charlotte','Raleigh','Nashville','Austin','Dallas'])[1 + g % 8],
            'GA', lpad((30000 + g)::text, 5, '0'),
            33.7 + (g % 100) / 100.0, -84.4 - (g % 70) / 100.0,
            b.region_id, b.id,
            (select u.id from users u where 'Account Manager' = any(u.roles) and u.branch_id = b.id
              order by u.id offset (g % greatest(1, (select count(*) from users u2 where 'Account Manager' = any(u2.roles) and u2.branch_id = b.id))) limit 1),
            date '2024-01-01' + (g % 365)
       from generate_series(1, greatest(0, ${CUSTOMERS} - (select count(*) from customers))::int) g
       cross join lateral (select id, region_id from branches order by id offset (g % (select count(*) from branches)) limit 1) b`,
  );

  await step(
    client,
    'crew leaders on customer teams',
    `insert into customer_team (customer_id, user_id, team_role)
     select c.id, u.id, 'Crew Leader'
       from customers c
       cross join lateral (select id from users where 'Crew Leader' = any(roles) and branch_id = c.branch_id
                            order by md5(c.id::text || id::text) limit 1) u
     on conflict do nothing`,
  );

  await step(
    client,
    'customer users (property managers, board, residents)',
    `with made as (
       insert into users (username, email, first_name, last_name, roles, title)
       select 'bench-user-' || g || '@bench.grove.test', 'bench-user-' || g || '@bench.grove.test',
              (array['Pat','Sam','Alex','Drew','Jamie','Taylor'])[1 + g % 6], 'Customer' || g,
              array[(array['Property Manager','Board Member','Resident'])[1 + g % 3]], null
         from generate_series(1, ${CUSTOMER_USERS}) g
       returning id, roles, (regexp_match(username, '[0-9]+'))[1]::int as g)
     insert into customer_users (customer_id, user_id, status, roles)
     select c.id, made.id, 'active', made.roles
       from made join lateral (select id from customers order by account_number offset (made.g % ${CUSTOMERS}) limit 1) c on true`,
  );

  // Requests: over three years, mostly closed; a few percent open (some overdue).
  await step(
    client,
    'service requests',
    `create temporary table refs as
       select array(select id from service_request_types order by code) as types,
              array(select id from service_request_priorities order by rank) as priorities,
              array(select id from customers order by account_number) as customers,
              array(select id from users where 'Crew Leader' = any(roles) order by id) as crew;
     insert into service_requests (number, customer_id, type_id, priority_id, status, title, description, location_text,
                                   requester_id, created_by_id, assignee_id, response_due_at, resolution_due_at,
                                   acknowledged_at, completed_at, closed_at, cancelled_at, created_at, updated_at)
     select 'SR-B' || lpad(g::text, 7, '0'),
            r.customers[1 + (hashint % array_length(r.customers, 1))],
            r.types[1 + (g % array_length(r.types, 1))],
            r.priorities[1 + ((g / 7) % array_length(r.priorities, 1))],
            s.status,
            (array['Broken','Leaking','Dead','Overgrown','Flooded','Damaged','Missing','Fallen'])[1 + g % 8] || ' ' ||
            (array['sprinkler head','irrigation valve','shrubs','turf','drainage','tree limb','mulch bed','flower bed','fence line','retention pond'])[1 + (g / 8) % 10] ||
            ' near ' || (array['clubhouse','pool','entrance','building','parking lot','playground'])[1 + (g / 80) % 6] || ' ' || (g % 997),
            'Generated for the scale benchmark.',
            'Zone ' || (g % 40),
            null, null,
            case when s.status = 'new' then null else r.crew[1 + (g % array_length(r.crew, 1))] end,
            t.created + interval '8 hours', t.created + interval '5 days',
            case when s.status = 'new' then null else t.created + interval '2 hours' end,
            case when s.status in ('completed','closed') then t.created + interval '3 days' end,
            case when s.status = 'closed' then t.created + interval '10 days' end,
            case when s.status = 'cancelled' then t.created + interval '1 day' end,
            t.created, t.created + interval '3 days'
       from generate_series(1, ${REQUESTS}) g
       cross join refs r
       cross join lateral (select abs(hashint4(g)) as hashint) h
       cross join lateral (select now() - (interval '3 years') * (1 - g::float8 / ${REQUESTS}) as created) t
       cross join lateral (select case
            when t.created < now() - interval '30 days' then (case when g % 50 = 0 then 'cancelled' else 'closed' end)
            else (array['new','acknowledged','scheduled','in_progress','completed','closed'])[1 + g % 6] end as status) s`,
  );

  await step(
    client,
    'timeline events (created, acknowledged, done)',
    `insert into service_request_events (request_id, kind, visibility, author_id, text, from_status, to_status, created_at)
     select id, 'status_change', 'all', assignee_id, '', null, 'new', created_at from service_requests
     union all
     select id, 'status_change', 'all', assignee_id, '', 'new', 'acknowledged', acknowledged_at from service_requests where acknowledged_at is not null
     union all
     select id, 'comment', 'staff', assignee_id, 'Crew notes for the record.', null, null, created_at + interval '1 day' from service_requests where id::text < '4'
     union all
     select id, 'status_change', 'all', assignee_id, '', 'in_progress', status, coalesce(closed_at, completed_at, cancelled_at) from service_requests
      where status in ('completed','closed','cancelled')`,
  );

  // The performance report's other areas (issue 14), so its figures at scale read real rows: a
  // published quarterly plan per customer and quarter with a weekly visit (~340,000 visits, most
  // done, some late or skipped), ~60,000 orange reports (filed, most approved, a third turned into
  // accepted proposals with a version) and ~40,000 kudos, over the same three years.
  await step(
    client,
    'quarterly plans (published, one a quarter)',
    `insert into plans (customer_id, name, start_date, end_date, status, version, published_at, created_at, updated_at)
     select c.id, 'Care plan ' || to_char(q, 'YYYY "Q"Q'), q::date, (q + interval '3 months' - interval '1 day')::date,
            case when q + interval '3 months' < now() then 'completed' else 'published' end, 1, q - interval '7 days', q - interval '14 days', q
       from customers c
       cross join generate_series(date_trunc('quarter', now() - interval '3 years'), date_trunc('quarter', now()), interval '3 months') q`,
  );
  await step(
    client,
    'plan items (weekly mowing)',
    `insert into plan_items (plan_id, position, service, frequency)
     select id, 0, 'Mowing and edging', '{"kind":"weekly","weekday":"tue"}'::jsonb from plans`,
  );
  await step(
    client,
    'plan visits (weekly; done, late, skipped, open)',
    `insert into plan_occurrences (plan_id, item_id, original_date, date, status, updated_at)
     select p.id, i.id, d::date, d::date,
            case when d::date >= current_date then 'planned'
                 when h % 20 = 0 then 'skipped' when h % 33 = 0 then 'planned' else 'done' end,
            case when d::date >= current_date or h % 33 = 0 then null
                 else d + interval '15 hours' + (case when h % 9 = 0 then interval '2 days' else interval '0 days' end) end
       from plans p
       join plan_items i on i.plan_id = p.id
       cross join lateral generate_series(p.start_date + ((9 - extract(isodow from p.start_date)::int) % 7), p.end_date, interval '7 days') d
       cross join lateral (select (hashtext(i.id::text || d::text) & 2147483647) as h) x`,
  );
  await step(
    client,
    'orange reports (filed, approved, in review)',
    `insert into orange_reports (number, customer_id, author_id, status, title, found_on, category, urgency, findings, total_cents, reviewer_id, submitted_at, approved_at, created_at, updated_at)
     select 'OR-B' || lpad(g::text, 7, '0'), r.customers[1 + ((hashint4(g + 7) & 2147483647) % array_length(r.customers, 1))],
            r.crew[1 + (g % array_length(r.crew, 1))],
            case when g % 10 = 0 then 'submitted' else 'approved' end,
            'Finding ' || g, t.filed::date, 'irrigation', 'soon', 'Generated for the scale benchmark.',
            10000 + (g % 50) * 2500, null, t.filed,
            case when g % 10 = 0 then null else t.filed + interval '1 day' end, t.filed - interval '1 hour', t.filed + interval '1 day'
       from generate_series(1, ${Math.round(REQUESTS * 0.06)}) g
       cross join refs r
       cross join lateral (select now() - (interval '3 years') * (1 - g::float8 / ${Math.max(1, Math.round(REQUESTS * 0.06))}) as filed) t`,
  );
  await step(
    client,
    'accepted proposals from orange reports',
    `with made as (
       insert into proposals (number, customer_id, status, current_version, orange_report_id, sent_at, decided_at, created_at, updated_at)
       select 'P-B' || substr(o.number, 5), o.customer_id, 'accepted', 1, o.id, o.approved_at + interval '1 day', o.approved_at + interval '5 days', o.approved_at, o.approved_at + interval '5 days'
         from orange_reports o where o.approved_at is not null and o.number like 'OR-B%' and (hashtext(o.number) & 2147483647) % 3 = 0
       returning id, created_at)
     insert into proposal_versions (proposal_id, version, title, valid_until, line_items, subtotal_cents, tax_cents, total_cents, created_at, sent_at)
     select id, 1, 'Repairs', (created_at + interval '30 days')::date, '[]'::jsonb, 120000, 0, 120000, created_at, created_at + interval '1 day' from made`,
  );
  await step(
    client,
    'kudos',
    `insert into kudos (customer_id, recipient_id, category, message, created_at)
     select r.customers[1 + ((hashint4(g + 13) & 2147483647) % array_length(r.customers, 1))], r.crew[1 + (g % array_length(r.crew, 1))],
            (array['quality','friendliness','responsiveness','above_and_beyond'])[1 + g % 4], 'Thank you!',
            now() - (interval '3 years') * (1 - g::float8 / ${Math.max(1, Math.round(REQUESTS * 0.04))})
       from generate_series(1, ${Math.round(REQUESTS * 0.04)}) g cross join refs r`,
  );

  for (const index of indexes) {
    const t0 = performance.now();
    await client.query(index.indexdef);
    console.log(`  index ${index.indexname.padEnd(46)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  await step(client, 'analyze', 'analyze');
  await step(client, 'vacuum (visibility map for index-only scans)', 'vacuum service_requests, service_request_events, customers, plan_occurrences, orange_reports, proposals, kudos');

  const { rows: sizes } = await client.query<{ t: string; n: string }>(
    `select 'users' as t, count(*)::text as n from users union all select 'customers', count(*)::text from customers
     union all select 'customer_users', count(*)::text from customer_users
     union all select 'service_requests', count(*)::text from service_requests
     union all select 'service_request_events', count(*)::text from service_request_events
     union all select 'plan_occurrences', count(*)::text from plan_occurrences
     union all select 'orange_reports', count(*)::text from orange_reports
     union all select 'proposals', count(*)::text from proposals
     union all select 'kudos', count(*)::text from kudos`,
  );
  console.log(sizes.map((row) => `${row.t}: ${Number(row.n).toLocaleString('en')}`).join(', '));
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await client.end();
}

await main();
