import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { validationText } from '@grove/shared';
import type { Db, Tx } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';


export interface AttachFilesInput {
  fileIds: readonly string[];
  /**
   * The customer the owner record belongs to; the caller has already checked it is in scope.
   * `null` for records of no customer (the staff file library): only uploads made for no customer qualify.
   */
  customerId: string | null;
  /** What the files now belong to, e.g. `service_request` and its id. */
  ownerType: string;
  ownerId: string;
  /** The signed-in user: only their own uploads can be attached. */
  userId: string;
  /** The owner record is seen by staff only (e.g. an internal note): so are its files. */
  staffOnly?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Attaches uploads to a record (for other domains, e.g. service requests with photos). Only files
 * the user uploaded, still unattached, and uploaded for this customer or for none qualify. All or
 * nothing: if any id does not qualify, nothing is attached and a 400 on `fileIds` is thrown (inside
 * the caller's transaction when one is given, so the caller's writes roll back too).
 * Returns the attached ids.
 */
export async function attachFiles(db: Db, input: AttachFilesInput): Promise<string[]>;
export async function attachFiles(db: Db, tx: Tx | undefined, input: AttachFilesInput): Promise<string[]>;
export async function attachFiles(
  db: Db,
  txOrInput: Tx | AttachFilesInput | undefined,
  maybeInput?: AttachFilesInput,
): Promise<string[]> {
  const input = maybeInput ?? (txOrInput as AttachFilesInput);
  const tx = maybeInput ? (txOrInput as Tx | undefined) : undefined;
  const ids = [...new Set(input.fileIds.map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  if (!ids.every((id) => UUID.test(id))) throw badRequest({ fileIds: [validationText('invalid')] });

  const run = async (executor: Db | Tx) => {
    const rows = await executor
      .update(files)
      .set({
        customerId: input.customerId,
        ownerType: input.ownerType,
        ownerId: input.ownerId,
        attachedAt: sql`now()`,
        staffOnly: input.staffOnly ?? false,
      })
      .where(
        and(
          inArray(files.id, ids),
          eq(files.uploadedBy, input.userId),
          isNull(files.attachedAt),
          input.customerId === null ? isNull(files.customerId) : or(isNull(files.customerId), eq(files.customerId, input.customerId)),
        ),
      )
      .returning({ id: files.id });
    if (rows.length !== ids.length) throw badRequest({ fileIds: [validationText('invalid')] });
    return rows.map((row) => row.id);
  };
  return tx ? run(tx) : db.transaction(run);
}

/**
 * The owner record now is (or no longer is) staff-only, e.g. a document whose visibility changed:
 * its files follow, in the caller's transaction.
 */
export async function setOwnerFilesStaffOnly(tx: Tx, ownerType: string, ownerId: string, staffOnly: boolean): Promise<void> {
  await tx.update(files).set({ staffOnly }).where(and(eq(files.ownerType, ownerType), eq(files.ownerId, ownerId)));
}

/**
 * The owner record is gone: its files become unattached (readable by no one but their uploader)
 * and the cleanup job deletes them and their stored bytes on its next run.
 */
export async function releaseOwnerFiles(tx: Tx, ownerType: string, ownerId: string, fileIds?: readonly string[]): Promise<void> {
  await tx
    .update(files)
    .set({ attachedAt: null, ownerType: null, ownerId: null, createdAt: new Date(0) })
    .where(and(eq(files.ownerType, ownerType), eq(files.ownerId, ownerId), fileIds ? inArray(files.id, [...fileIds]) : undefined));
}
