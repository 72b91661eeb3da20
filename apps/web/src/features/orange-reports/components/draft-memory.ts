/*
 * Which draft a staff member was writing for a customer (`…/orange-reports/new`), so a reload or a
 * reopened tab carries on with it instead of starting another. Only the id is kept (the draft
 * itself is saved on the server), per user and customer, in this browser's localStorage.
 */

const PREFIX = 'grove.orangeReportDraft';

export function draftMemoryKey(userId: string | undefined, customerId: string): string | null {
  return userId && customerId ? `${PREFIX}.${userId}.${customerId}` : null;
}

export function recallDraft(key: string | null): string | null {
  if (!key) return null;
  try {
    const value = window.localStorage.getItem(key);
    return value && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberDraft(key: string | null, reportId: string): void {
  if (!key) return;
  try {
    window.localStorage.setItem(key, reportId);
  } catch {
    // Storage full or blocked: the address still carries the draft's id.
  }
}

export function forgetDraft(key: string | null): void {
  if (!key) return;
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
