import { asc, eq, sql } from 'drizzle-orm';
import { validationText, type Branch, type BranchCreate, type BranchUpdate, type Region, type RegionWrite } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { branches, customers, regions } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

export const REGION_NAME_TAKEN = 'A region with this name already exists.';
export const BRANCH_NAME_TAKEN = 'A branch with this name already exists.';

async function unique<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}

export async function listRegions(db: Db): Promise<Region[]> {
  return db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(asc(regions.name));
}

const branchColumns = { id: branches.id, name: branches.name, regionId: branches.regionId, regionName: regions.name, timeZone: branches.timeZone };

export async function listBranches(db: Db, regionId?: string): Promise<Branch[]> {
  return db
    .select(branchColumns)
    .from(branches)
    .innerJoin(regions, eq(regions.id, branches.regionId))
    .where(regionId ? eq(branches.regionId, regionId) : undefined)
    .orderBy(asc(regions.name), asc(branches.name));
}

async function getBranch(db: Db, id: string): Promise<Branch> {
  const [row] = await db.select(branchColumns).from(branches).innerJoin(regions, eq(regions.id, branches.regionId)).where(eq(branches.id, id));
  if (!row) throw notFound();
  return row;
}

async function assertRegionExists(db: Pick<Db, 'select'>, id: string): Promise<void> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id));
  // A missing region is a field problem of the form, not a missing record of the URL.
  if (!row) throw badRequest({ regionId: [validationText('invalid')] });
}

export async function createRegion(db: Db, input: RegionWrite): Promise<Region> {
  const [row] = await unique(REGION_NAME_TAKEN, () => db.insert(regions).values({ name: input.name }).returning({ id: regions.id, name: regions.name }));
  return row!;
}

export async function updateRegion(db: Db, id: string, input: RegionWrite): Promise<Region> {
  const [row] = await unique(REGION_NAME_TAKEN, () =>
    db.update(regions).set({ name: input.name }).where(eq(regions.id, id)).returning({ id: regions.id, name: regions.name }),
  );
  if (!row) throw notFound();
  return row;
}

export async function createBranch(db: Db, input: BranchCreate): Promise<Branch> {
  await assertRegionExists(db, input.regionId);
  const [row] = await unique(BRANCH_NAME_TAKEN, () => db.insert(branches).values(input).returning({ id: branches.id }));
  return getBranch(db, row!.id);
}

/** Moving a branch to another region moves its customers too (customers carry both ids). */
export async function updateBranch(db: Db, id: string, input: BranchUpdate): Promise<Branch> {
  if (input.regionId) await assertRegionExists(db, input.regionId);
  if (Object.keys(input).length === 0) return getBranch(db, id);
  await unique(BRANCH_NAME_TAKEN, () =>
    db.transaction(async (tx) => {
      const rows = await tx.update(branches).set(input).where(eq(branches.id, id)).returning({ id: branches.id });
      if (rows.length === 0) throw notFound();
      if (input.regionId) await tx.update(customers).set({ regionId: input.regionId, updatedAt: sql`now()` }).where(eq(customers.branchId, id));
    }),
  );
  return getBranch(db, id);
}
