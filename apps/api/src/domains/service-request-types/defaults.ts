import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serviceRequestPriorities, serviceRequestTypes } from '../../db/schema.js';

/** The types of issue 5, in picker order. */
export const DEFAULT_TYPES = [
  { code: 'irrigation', name: 'Irrigation' },
  { code: 'tree_care', name: 'Tree care' },
  { code: 'turf', name: 'Turf' },
  { code: 'plants_beds', name: 'Plants and beds' },
  { code: 'debris_cleanup', name: 'Debris / cleanup' },
  { code: 'drainage', name: 'Drainage' },
  { code: 'hardscape', name: 'Hardscape' },
  { code: 'snow_ice', name: 'Snow and ice' },
  { code: 'pest', name: 'Pest' },
  { code: 'other', name: 'Other' },
] as const;

/** Targets in hours (docs/decisions/006-sla-business-hours.md): a business day is 9 business hours. */
export const DEFAULT_PRIORITIES = [
  { code: 'low', name: 'Low', rank: 1, responseTargetHours: 45, resolutionTargetHours: 126, clock: 'business' },
  { code: 'normal', name: 'Normal', rank: 2, responseTargetHours: 18, resolutionTargetHours: 63, clock: 'business' },
  { code: 'high', name: 'High', rank: 3, responseTargetHours: 9, resolutionTargetHours: 27, clock: 'business' },
  { code: 'emergency', name: 'Emergency', rank: 4, responseTargetHours: 4, resolutionTargetHours: 24, clock: 'calendar' },
] as const;

/** The priority new requests get when none is chosen. */
export const DEFAULT_PRIORITY_CODE = 'normal';

/**
 * Fills empty reference tables at start (idempotent; `on conflict do nothing` makes concurrent
 * starts safe). Tables the System Admin has already edited are left alone, so a deleted default
 * does not come back.
 */
export async function ensureReferenceData(db: Pick<Db, 'select' | 'insert'>): Promise<void> {
  const [types] = await db.select({ n: sql<number>`count(*)::int` }).from(serviceRequestTypes);
  if (!types?.n) {
    await db
      .insert(serviceRequestTypes)
      .values(DEFAULT_TYPES.map((type, index) => ({ ...type, sortOrder: (index + 1) * 10 })))
      .onConflictDoNothing();
  }
  const [priorities] = await db.select({ n: sql<number>`count(*)::int` }).from(serviceRequestPriorities);
  if (!priorities?.n) {
    await db.insert(serviceRequestPriorities).values(DEFAULT_PRIORITIES.map((p) => ({ ...p }))).onConflictDoNothing();
  }
}
