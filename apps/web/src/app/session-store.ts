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

export function signIn(response: Pick<TokenResponse, 'token' | 'user'>): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, response.token);
  const roles = response.user.roles.length ? parseRoles(response.user.roles) : parseRoles(response.user.role);
  emit({ status: 'signedIn', user: response.user, roles });
}

export function updateUser(patch: Partial<SessionUser>): void {
  if (!state.user) return;
  emit({ ...state, user: { ...state.user, ...patch } });
}

/** Back to unauthenticated: the token is removed; the language preference stays. */
export function signOutLocally(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
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
