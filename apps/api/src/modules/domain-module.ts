import type { FastifyPluginAsync } from 'fastify';
import type { CustomerArea, CustomerAreaSummary, CustomerRole, Language, Role } from '@grove/shared';
import type { AppDeps } from '../app.js';
import type { Db, Tx } from '../db/client.js';
import type { AuthUser } from '../http/authenticate.js';
import type { AnyJob } from '../jobs/define-job.js';
import type { OutboxTopic } from '../outbox/topic.js';
import type { DashboardTileDefinition } from './dashboard.js';
import type { CustomerRow, ScopeWorld } from '../test/factories.js';
import type { AudienceTable } from '../test/audience.js';
import type { TestContext } from '../test/test-app.js';
import type { ReportMetricDefinition } from './reports.js';

/**
 * What a domain gives the rest of the app. Each domain exports one from its `index.ts`; the app,
 * the job engine, notifications, the customer overview, the file policy, the access matrix, test
 * helpers and the demo seed iterate `MODULES` (through `modules/catalog.ts`) and know no domain by
 * name. Every field but `name` is optional: a domain fills in what it has.
 */
export interface DomainModule {
  /** Folder name under `domains/`, for logs, seed ordering and tests. */
  name: string;
  /** Fastify plugins with the domain's routes, registered in order. */
  routes?: readonly FastifyPluginAsync<{ deps: AppDeps }>[];
  /** Background jobs the domain owns (defineJob). */
  jobs?: readonly AnyJob[];
  /** Outbox topics the domain delivers (emails, live events). */
  outboxTopics?: readonly OutboxTopic[];
  /** Tiles on the staff and customer dashboards (modules/dashboard.ts); a domain without data adds none. */
  dashboardTiles?: readonly DashboardTileDefinition[];
  /** Notification kinds the domain sends, with their settings labels, defaults and routing. */
  notificationKinds?: readonly NotificationKindDefinition[];
  /** Notification texts by message key (`notify({ titleKey })`): title and text in every language. */
  notificationMessages?: Readonly<Record<string, MessageCatalogue>>;
  /** Area cards the domain adds to the customer page (`GET /api/Customers/:id/overview`). */
  customerOverview?: readonly OverviewContribution[];
  /** The record types the domain attaches files to, and who may see those files. */
  files?: FileOwnership;
  /** Demo data written by the demo seed, inside its transaction, after the core company exists. */
  demoSeed?: DemoSeed;
  /**
   * Test support, loaded only by tests (so production never loads test code): the domain's
   * access-matrix cases, factories of its records and records that own files.
   */
  testing?: () => Promise<ModuleTesting>;
  /** Columns of the performance report (modules/reports.ts): SQL aggregates per group. */
  reportMetrics?: readonly ReportMetricDefinition[];
  /** Live event types the domain publishes (`publishLiveEvent`) and who may receive each (live/hub.ts). */
  liveEvents?: readonly LiveEventKind[];
}

// ── Live events ─────────────────────────────────────────────────────────────────────────────────

/** A stored live event as a module's receive rule sees it (live/table.ts). */
export interface LiveEventFacts {
  id: number;
  type: string;
  customerId: string | null;
  userIds: readonly string[] | null;
  staffOnly: boolean;
  subjectType: string | null;
  subjectId: string | null;
}

export interface LiveEventKind {
  /** E.g. `message.created`; unique across modules. */
  type: string;
  /**
   * May this user receive the event? Asked per user at send time (and on replay), after the hub's
   * own checks: listed in `userIds` when set, staff when `staffOnly`, the customer in scope when
   * `customerId` is set. Answer as for the record itself (a thread, a request the user may read).
   * Omitted: those checks alone decide.
   */
  canReceive?(db: Db, user: ModuleUser, event: LiveEventFacts): Promise<boolean>;
}

// ── Notifications ───────────────────────────────────────────────────────────────────────────────

export interface MessageCopy {
  title: string;
  text: string;
}

/** One text per interface language. */
export type MessageCatalogue = Record<Language, MessageCopy>;

export interface NotificationChoice {
  inApp: boolean;
  email: boolean;
}

export interface NotificationKindDefinition {
  /** Stored on each notification and preference row, e.g. `service_request_created` (snake case). */
  kind: string;
  /** Who the kind concerns: settings screens show staff kinds to staff, customer kinds to customer users. */
  audience: 'staff' | 'customer';
  /** Its row on the settings screens: title and a one-line description, in every language. */
  label: MessageCatalogue;
  /** Only people holding one of these roles can receive it (and see it in their settings). */
  onlyRoles?: readonly Role[];
  /** Listed in people's notification settings (default true); false: always on for those it reaches. */
  userSetting?: boolean;
  /** Choice while the person has not chosen (default: in the app and by email). */
  defaultChoice?: (roles: readonly string[]) => NotificationChoice;
  /**
   * The customer's settings route this kind to its customer-side roles (a gate before each person's
   * own choice); these roles receive it until the customer changes that.
   */
  customerRouting?: {
    defaultRoles: readonly CustomerRole[];
    /** Its row on the customer's settings screen ("who receives …"), in every language. */
    label: Record<Language, string>;
  };
}

// ── Customer overview ───────────────────────────────────────────────────────────────────────────

/** The caller, as scope rules see them. */
export type ModuleUser = Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>;

export interface OverviewContribution {
  area: CustomerArea;
  /**
   * Count, open count and latest items of the area for one customer the caller has in scope
   * (already checked). Count only what this caller may see (e.g. no drafts for customer users).
   */
  summarize(db: Db, customerId: string, user: ModuleUser): Promise<Omit<CustomerAreaSummary, 'area'>>;
}

// ── Files ───────────────────────────────────────────────────────────────────────────────────────

/** An attached file as its owner sees it (`files.owner_type`, `owner_id`, …). */
export interface AttachedFile {
  ownerType: string;
  ownerId: string;
  customerId: string | null;
  /** Attached with `staffOnly` (e.g. to an internal note). */
  staffOnly: boolean;
}

export interface FileOwnership {
  /** Values of `files.owner_type` this domain writes (attachFiles `ownerType`). Unique across modules. */
  ownerTypes: readonly string[];
  /**
   * May this user see files attached to this record? Answer as for the record itself: a record the
   * user may not read (out of scope, a draft, staff-only) hides its files. Unattached files are the
   * uploader's alone and never reach this; a file whose owner type no module claims is refused.
   */
  canSeeFiles(db: Db, user: ModuleUser, file: AttachedFile): Promise<boolean>;
}

// ── Demo seed ───────────────────────────────────────────────────────────────────────────────────

/** The demo company written before the modules' seeds (seed/demo-data.ts), by key. */
export interface DemoWorld {
  /** Demo customer key (seed/demo-data.ts) → id. */
  customerIds: ReadonlyMap<string, string>;
  /** Demo staff key → id. */
  staffIds: ReadonlyMap<string, string>;
  /** The demo password, hashed once, for people a seed adds. */
  passwordHash: string;
  /** Demo photos and PDFs stored through the file service (seed/demo-files.ts). */
  files: DemoFiles;
}

export type DemoPhotoScene = 'tree' | 'irrigation' | 'hardscape' | 'drainage' | 'plants' | 'pest' | 'lawn';

interface DemoFileTarget {
  userId: string;
  customerId: string | null;
  /** The record the file belongs to; staff-only files are never served to customer users. */
  owner: { type: string; id: string; staffOnly: boolean };
}

/** Both answer the stored file's id, or null when the seed runs without a file store. */
export interface DemoFiles {
  photo(input: DemoFileTarget & { caption: string; scene: DemoPhotoScene }): Promise<string | null>;
  pdf(input: DemoFileTarget & { name: string; title: string; facts?: readonly (readonly [string, string])[]; paragraphs: readonly string[] }): Promise<string | null>;
}

export interface DemoSeed {
  /** Names of modules whose demo data must exist first. */
  after?: readonly string[];
  /** Runs after every seed without this flag: for seeds that add people other seeds must not pick (e.g. invited users). */
  last?: boolean;
  run(tx: Tx, demo: DemoWorld): Promise<void>;
}

// ── Tests ───────────────────────────────────────────────────────────────────────────────────────

/** What the access matrix hands each case builder: the scope world (test/factories.ts) and more. */
export interface AccessFixture extends ScopeWorld {
  ctx: TestContext;
  /** A new customer in the same region and branch as `customer`, with the same team and customer users. */
  copyCustomer(customer: CustomerRow): Promise<CustomerRow>;
}

export type AccessCustomer = CustomerRow;
type Built<T> = T | Promise<T>;
/** A plain value, or a function building it for a request about `customer` made by `role`. */
export type AccessBuilder<T> = T | ((f: AccessFixture, customer: AccessCustomer, role: Role | null) => Built<T>);

/** How the access matrix calls one route (see domains/access-matrix.test.ts). */
export interface AccessCase {
  params?: AccessBuilder<Record<string, string>>;
  query?: AccessBuilder<string>;
  body?: AccessBuilder<object | string | Buffer>;
  headers?: AccessBuilder<Record<string, string>>;
  freshSession?: boolean;
  /**
   * Routes whose audience has `scope: 'list'`: adds one record of `customer` that the list, export
   * or count shows to the users of that customer (its answer changes). The matrix adds one out of
   * the caller's scope (the answer must not change) and one in scope (it must).
   */
  listProbe?: (f: AccessFixture, customer: AccessCustomer) => Promise<unknown>;
  /** The route answers with a stream that stays open: the status is read from the headers, then the stream is dropped. */
  stream?: boolean;
  /** An exception to the audience for one call (a status number), explained where it is used. */
  expect?: (c: { role: Role | null; inScope: boolean; access: string }) => number | undefined;
}

/** A record owning files, made for the file-visibility contract test (files/visibility.test.ts). */
export interface FileOwnerCase {
  /** What the record is, for test names (e.g. "internal note"). */
  label: string;
  /** Creates the record for `customer` (uploads are attached by the test). */
  create(ctx: TestContext, customer: AccessCustomer, uploaderId: string): Promise<{ ownerType: string; ownerId: string; staffOnly?: boolean }>;
  /** Whether active customer users of that customer may see its files. Staff in scope always may. */
  customerUsersSee: boolean;
}

export interface ModuleTesting {
  /** "METHOD /path" → how the access matrix calls it. Every route of the module needs one. */
  accessCases?: Record<string, AccessCase>;
  /**
   * "METHOD /path" → who may call it and how it is scoped, written from spec §6 and the issues in
   * the words of test/audience.ts — the matrix's answer key, independent of the route's own
   * `config.access`. Every route of the module needs one.
   */
  audience?: AudienceTable;
  /** Records owning files, one per visibility rule the domain has (e.g. visible, draft, staff-only). */
  fileOwners?: readonly FileOwnerCase[];
}

export function defineModule<const M extends DomainModule>(module: M): M {
  return module;
}
