import { canAccess, fallbackPath, hasStaffRole, type AccessKey } from '@grove/shared';

/**
 * Spec §6 route guards as pure functions, so every rule is testable without a browser.
 * `roles === null` means signed out; an empty list means signed in but no role loaded.
 */
export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

export interface GuardInput {
  pathname: string;
  search?: string;
  access: AccessKey | undefined;
  roles: readonly string[] | null;
}

export function loginPath(target?: string): string {
  const safe = target ? safeRedirectTarget(target) : null;
  return safe ? `/login?redirect=${encodeURIComponent(safe)}` : '/login';
}

export function decideAccess({ pathname, search = '', access, roles }: GuardInput): GuardDecision {
  if (!access || access === 'public') return { allow: true };
  // No session, or still no role after the refresh: sign in first, then come back here.
  if (!roles || roles.length === 0) return { allow: false, redirectTo: loginPath(`${pathname}${search}`) };
  if (canAccess(roles, access)) return { allow: true };
  const fallback = fallbackPath(roles);
  // Never bounce a user to the page they were refused.
  return { allow: false, redirectTo: fallback === pathname ? '/404' : fallback };
}

const PROBE_ORIGIN = 'http://grove.invalid';

/**
 * Accepts only same-origin relative paths for `?redirect=` (no open redirect): `/x?y#z` yes;
 * `//evil`, `/\evil`, `https://evil`, `javascript:` no. Login pages themselves are refused too.
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a user lands after signing in without a redirect target. */
export function homePath(roles: readonly string[]): string {
  return hasStaffRole(roles) ? '/customers' : fallbackPath(roles);
}
