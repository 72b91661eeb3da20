import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/** A database handle or an open transaction: audit rows join the write they describe. */
export type AuditExecutor = Pick<Db, 'insert'>;

/**
 * Known actions. Other domains add theirs as `<subject>.<verb>` (e.g. `user.roles_changed`);
 * the column is free text so a new action needs no migration.
 */
export type AuditAction =
  | 'login.succeeded'
  | 'login.failed'
  | 'logout'
  | 'password.changed'
  | 'password.reset_requested'
  | 'password.reset'
  | 'user.created'
  | 'user.roles_changed'
  | 'user.deactivated'
  | 'user.reactivated'
  | (string & {});

export interface AuditEntry {
  action: AuditAction;
  /** Who did it; null for anonymous attempts (failed sign-in) and the system. */
  actorId?: string | null;
  /** Whose account it concerns. */
  subjectUserId?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes one audit row: who, what, when (created_at), from which IP. */
export async function recordAudit(db: AuditExecutor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    subjectUserId: entry.subjectUserId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}
