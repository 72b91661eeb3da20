import type { Db } from './client.js';
import { readCacheEpochs, VersionedValue, type CacheEpochs } from './cache-epoch.js';
import { branches, regions, serviceRequestPriorities, serviceRequestTypes } from './schema.js';

/**
 * Reference data — service-request types and priorities, branches, regions — from memory instead
 * of joins in every list and detail (issue 15, decision 033). A few dozen rows, changed by a System
 * Admin now and then: loaded whole, kept until the `reference` version (db/cache-epoch.ts, bumped by
 * triggers on those tables) moves, so an admin's change is seen by the next call on every process.
 */
export interface ReferenceType {
  id: string;
  code: string;
  name: string;
}
export interface ReferencePriority {
  id: string;
  code: string;
  name: string;
  rank: number;
}
export interface ReferenceBranch {
  id: string;
  name: string;
  regionId: string;
  timeZone: string;
}
export interface ReferenceRegion {
  id: string;
  name: string;
}
export interface ReferenceData {
  types: ReadonlyMap<string, ReferenceType>;
  priorities: ReadonlyMap<string, ReferencePriority>;
  branches: ReadonlyMap<string, ReferenceBranch>;
  regions: ReadonlyMap<string, ReferenceRegion>;
}

const cache = new VersionedValue<ReferenceData>();

async function load(db: Pick<Db, 'select'>): Promise<ReferenceData> {
  const [typeRows, priorityRows, branchRows, regionRows] = await Promise.all([
    db.select({ id: serviceRequestTypes.id, code: serviceRequestTypes.code, name: serviceRequestTypes.name }).from(serviceRequestTypes),
    db
      .select({ id: serviceRequestPriorities.id, code: serviceRequestPriorities.code, name: serviceRequestPriorities.name, rank: serviceRequestPriorities.rank })
      .from(serviceRequestPriorities),
    db.select({ id: branches.id, name: branches.name, regionId: branches.regionId, timeZone: branches.timeZone }).from(branches),
    db.select({ id: regions.id, name: regions.name }).from(regions),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  return { types: byId(typeRows), priorities: byId(priorityRows), branches: byId(branchRows), regions: byId(regionRows) };
}

/**
 * The reference data at `epochs` (those of the call's session lookup) or, without them, at the
 * version read now. Loaded after the version was read, so a change committed in between is at
 * worst loaded early, never missed.
 */
export async function referenceData(db: Pick<Db, 'select'>, epochs?: CacheEpochs): Promise<ReferenceData> {
  const version = (epochs ?? (await readCacheEpochs(db))).reference;
  return cache.get(db, version, () => load(db));
}

/**
 * The reference data at `epochs`, made sure to hold what `has` checks for: a row created after the
 * call's session lookup (a new type, and a request of it already) is found by reading the version
 * again, which the same commit moved.
 */
export async function referenceDataWith(db: Pick<Db, 'select'>, epochs: CacheEpochs | undefined, has: (data: ReferenceData) => boolean): Promise<ReferenceData> {
  const data = await referenceData(db, epochs);
  return has(data) ? data : referenceData(db);
}

/** A row of reference data that must exist (foreign keys guarantee it): a missing one is a bug. */
export function must<T>(map: ReadonlyMap<string, T>, id: string, what: string): T {
  const found = map.get(id);
  if (!found) throw new Error(`${what} ${id} is not in the reference data`);
  return found;
}
