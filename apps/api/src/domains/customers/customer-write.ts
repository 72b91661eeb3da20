import { and, eq, ne, sql } from 'drizzle-orm';
import {
  REGION_SCOPE_ROLES,
  hasStaffRole,
  validationText,
  type CustomerCreate,
  type CustomerDetailResponse,
  type CustomerUpdate,
  type FieldErrors,
} from '@grove/shared';
import type { Db, Tx } from '../../db/client.js';
import { branches, customers, users } from '../../db/schema.js';
import { HttpError, badRequest, conflict, forbidden } from '../../http/errors.js';
import { attachFiles } from '../files/index.js';
import type { ScopeUser } from '../scope/index.js';
import { CONTACT_FIELDS, assertCustomerEditRight, assertMayCreateCustomers, mayPlaceCustomer } from './policy.js';
import { getCustomer } from './service.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

export const ACCOUNT_NUMBER_TAKEN = 'A customer with this account number already exists.';
export const CONTACT_ONLY = 'Account managers can change only the contact details of their customers.';

type CustomerRow = typeof customers.$inferSelect;
const invalid = () => [validationText('invalid')];

/** The photo's owner type in the files table. */
export const CUSTOMER_PHOTO_OWNER = 'customer_photo';

async function checkReferences(
  db: Db,
  user: ScopeUser,
  values: { regionId: string; branchId: string; accountManagerId?: string | null | undefined },
  changed: { location: boolean; accountManager: boolean },
): Promise<void> {
  const errors: FieldErrors = {};
  if (changed.location) {
    const [branch] = await db.select({ regionId: branches.regionId }).from(branches).where(eq(branches.id, values.branchId)).limit(1);
    if (!branch || branch.regionId !== values.regionId) errors.branchId = invalid();
    else if (!mayPlaceCustomer(user, values.regionId, values.branchId)) {
      // Outside the caller's own region/branch they would lose sight of the customer.
      errors[REGION_SCOPE_ROLES.some((role) => user.roles.includes(role)) ? 'regionId' : 'branchId'] = invalid();
    }
  }
  if (changed.accountManager && values.accountManagerId) {
    const [manager] = await db
      .select({ roles: users.roles })
      .from(users)
      .where(and(eq(users.id, values.accountManagerId), eq(users.active, true)))
      .limit(1);
    if (!manager || !hasStaffRole(manager.roles)) errors.accountManagerId = invalid();
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

async function assertAccountNumberFree(db: Db, accountNumber: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.accountNumber}) = ${accountNumber.toLowerCase()}`, exceptId ? ne(customers.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw conflict(ACCOUNT_NUMBER_TAKEN);
}

async function attachPhoto(db: Db, tx: Tx, user: ScopeUser, customerId: string, photoFileId: string): Promise<void> {
  try {
    await attachFiles(db, tx, { fileIds: [photoFileId], customerId, ownerType: CUSTOMER_PHOTO_OWNER, ownerId: customerId, userId: user.id });
  } catch (error) {
    // attachFiles names its own field; the form's field here is photoFileId.
    if (error instanceof HttpError && error.statusCode === 400) throw badRequest({ photoFileId: invalid() });
    throw error;
  }
}

/** Runs the write, turning a lost race on the account number into the same 409 as the pre-check. */
async function uniqueAccountNumber<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'customers_account_number_key')) throw conflict(ACCOUNT_NUMBER_TAKEN);
    throw error;
  }
}

export async function createCustomer(db: Db, user: ScopeUser, input: CustomerCreate): Promise<CustomerDetailResponse> {
  assertMayCreateCustomers(user);
  await checkReferences(db, user, input, { location: true, accountManager: true });
  await assertAccountNumberFree(db, input.accountNumber);
  const id = await uniqueAccountNumber(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customers)
        .values({
          name: input.name,
          accountNumber: input.accountNumber,
          type: input.type,
          status: input.status,
          addressLine1: input.addressLine1,
          addressLine2: input.addressLine2 ?? null,
          city: input.city,
          state: input.state,
          postalCode: input.postalCode,
          latitude: input.latitude ?? null,
          longitude: input.longitude ?? null,
          regionId: input.regionId,
          branchId: input.branchId,
          accountManagerId: input.accountManagerId ?? null,
          contractStart: input.contractStart ?? null,
          contractEnd: input.contractEnd ?? null,
          serviceDays: input.serviceDays,
          propertySizeAcres: input.propertySizeAcres ?? null,
          notes: input.notes || null,
          photoFileId: input.photoFileId ?? null,
        })
        .returning({ id: customers.id });
      if (input.photoFileId) await attachPhoto(db, tx, user, row!.id, input.photoFileId);
      return row!.id;
    }),
  );
  return getCustomer(db, user, id);
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => value === b[i]);
  return (a ?? null) === (b ?? null);
}

/** The fields of `input` whose value differs from the stored row (empty optional texts count as null). */
function changedFields(row: CustomerRow, input: CustomerUpdate): (keyof CustomerUpdate)[] {
  return (Object.keys(input) as (keyof CustomerUpdate)[]).filter((key) => {
    const given = input[key];
    const normalized = typeof given === 'string' && given === '' && (key === 'addressLine2' || key === 'notes') ? null : given;
    return given !== undefined && !same(normalized, row[key]);
  });
}

/**
 * Saves the fields given (absent ones stay). An Account Manager's request may repeat the other
 * fields unchanged (a whole form), but changing any of them is 403.
 */
export async function updateCustomer(db: Db, user: ScopeUser, id: string, input: CustomerUpdate): Promise<CustomerDetailResponse> {
  const right = await assertCustomerEditRight(db, user, id, 'any');
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw forbidden();
  const changed = changedFields(row, input);
  if (right === 'contact' && changed.some((key) => !CONTACT_FIELDS.has(key))) throw forbidden(CONTACT_ONLY);
  if (changed.length === 0) return getCustomer(db, user, id);

  const merged = { ...row, ...Object.fromEntries(changed.map((key) => [key, input[key]])) };
  const errors: FieldErrors = {};
  if ((merged.latitude === null) !== (merged.longitude === null)) errors[merged.latitude === null ? 'latitude' : 'longitude'] = invalid();
  if (merged.contractStart && merged.contractEnd && merged.contractEnd < merged.contractStart) errors.contractEnd = invalid();
  if (Object.keys(errors).length) throw badRequest(errors);

  const has = (key: keyof CustomerUpdate) => changed.includes(key);
  await checkReferences(db, user, merged, { location: has('regionId') || has('branchId'), accountManager: has('accountManagerId') });
  if (has('accountNumber')) await assertAccountNumberFree(db, merged.accountNumber, id);

  const values = Object.fromEntries(changed.map((key) => [key, key === 'addressLine2' || key === 'notes' ? input[key] || null : input[key]]));
  await uniqueAccountNumber(() =>
    db.transaction(async (tx) => {
      await tx
        .update(customers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(customers.id, id));
      if (has('photoFileId') && merged.photoFileId) await attachPhoto(db, tx, user, id, merged.photoFileId);
    }),
  );
  return getCustomer(db, user, id);
}
