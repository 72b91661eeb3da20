import { TOKEN_STORAGE_KEY, parseRoles, type Role, type SessionUser, type TokenResponse } from '@grove/shared';

/**
 * The session of spec §4 without React or network: the token lives in localStorage `id_token`,
 * the user (and its role list) only in memory. `unknown` means a token is stored but the user has
 * not been fetched yet (the guard refreshes first).
 */
export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  roles: Role[];
}

type Listener = () => void;

const listeners = new Set<Listener>();

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let state: SessionState = { status: readToken() ? 'unknown' : 'signedOut', user: null, roles: [] };

function emit(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSessionState(): SessionState {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored access token, for fetch and for XHR uploads. */
export function getToken(): string | null {
  return readToken();
}

/** Seconds since epoch when the token expires, read from its `exp` claim (no verification: the server does that). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * The last signed-in user, kept next to the token so an app opened with no network can show the
 * crew's offline screens (decision 019): only used while the token's subject is that user and the
 * server cannot be reached; removed on sign-out.
 */
export const REMEMBERED_USER_KEY = 'grove-offline-user';

function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const sub = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

function rolesOf(user: SessionUser): Role[] {
  return user.roles.length ? parseRoles(user.roles) : parseRoles(user.role);
}

function rememberUser(user: SessionUser): void {
  try {
    localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
  } catch {
    // Storage full or blocked: the app then needs the network to open.
  }
}

/** Who signed in on this device last (null after a sign-out). */
export function rememberedUserId(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as { id?: unknown } | null;
    return typeof user?.id === 'string' ? user.id : null;
  } catch {
    return null;
  }
}

export function signIn(response: Pick<TokenResponse, 'token' | 'user'>): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, response.token);
  rememberUser(response.user);
  emit({ status: 'signedIn', user: response.user, roles: rolesOf(response.user) });
}

/**
 * Offline start: the server cannot confirm the session, so the user who signed in with this
 * token last is used until it can. False when there is none (the guard then asks to sign in).
 */
export function restoreRememberedUser(): boolean {
  const token = readToken();
  if (!token) return false;
  try {
    const user = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as SessionUser | null;
    if (!user || typeof user.id !== 'string' || !Array.isArray(user.roles) || user.id !== tokenSubject(token)) return false;
    emit({ status: 'signedIn', user, roles: rolesOf(user) });
    return true;
  } catch {
    return false;
  }
}

export function updateUser(patch: Partial<SessionUser>): void {
  if (!state.user) return;
  const user = { ...state.user, ...patch };
  rememberUser(user);
  emit({ ...state, user });
}

/** Back to unauthenticated: the token is removed; the language preference stays. */
export function signOutLocally(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(REMEMBERED_USER_KEY);
  if (state.status === 'signedOut' && !state.user) return;
  emit({ status: 'signedOut', user: null, roles: [] });
}

/** Another tab signed out (token removed) or in: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_STORAGE_KEY) return;
    if (!event.newValue) emit({ status: 'signedOut', user: null, roles: [] });
    else if (state.status === 'signedOut') emit({ status: 'unknown', user: null, roles: [] });
  });
}

/** For tests: start from a clean state. */
export function resetSessionForTests(): void {
  state = { status: readToken() ? 'unknown' : 'signedOut', user: null, roles: [] };
  for (const listener of listeners) listener();
}
