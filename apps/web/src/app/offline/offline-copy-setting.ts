import type { SessionUser } from '@grove/shared';

/*
 * Whether this device keeps the offline copy of a user's working set (decision 019): Crew Leaders by
 * default, anyone who turned it on. Apart from working-set.ts so that the header can ask without
 * loading the working set (its endpoint declarations) for everyone else (decision 032).
 */

export const settingKey = (userId: string) => `grove-offline-copy:${userId}`;

export function defaultEnabled(user: Pick<SessionUser, 'roles' | 'role'>): boolean {
  const roles = user.roles.length ? user.roles : user.role.split(',').map((role) => role.trim());
  return roles.includes('Crew Leader');
}

export function offlineCopyEnabled(user: SessionUser): boolean {
  try {
    const stored = localStorage.getItem(settingKey(user.id));
    if (stored === 'on') return true;
    if (stored === 'off') return false;
  } catch {
    // Fall through to the role's default.
  }
  return defaultEnabled(user);
}
