/**
 * Session API for screens and the layout (spec §4).
 *
 *   const { user, roles, status, language, logout, setLanguage } = useSession();
 *
 * - `user`: the signed-in SessionUser (@grove/shared) or null; `roles`: its parsed role list.
 * - `status`: 'unknown' (token stored, user not fetched yet) | 'signedIn' | 'signedOut'.
 * - `logout()`: POST /api/token/logout, clears the token and cached data, goes to /login.
 * - `setLanguage(lang)`: switches the interface now, stores it in localStorage and, when signed
 *   in, on the profile (GET then PUT /api/Users/me with the new language).
 *
 * Outside React: `login()`, `logout()`, `setLanguage()`, `ensureSession()` (guards) and
 * `refreshOnNavigation()` (debounced token refresh on each route change).
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isTwoFactorChallenge,
  type EnrolledTokenResponse,
  type Language,
  type LoginRequest,
  type Role,
  type SessionUser,
  type TokenResponse,
  type TotpSetup,
  type TwoFactorChallenge,
} from '@grove/shared';
import { refreshToken } from './api-client';
import { changeLanguage, currentLanguage, hasStoredLanguage, isLanguage } from './i18n';
import { clearDataCache } from './data-cache';
import { navigateTo } from './navigation';
import { clearOfflineCopies } from './offline/offline-copies';
import {
  getSessionState,
  getToken,
  rememberedUserId,
  restoreRememberedUser,
  signIn,
  signOutLocally,
  subscribeSession,
  updateUser,
  type SessionState,
  type SessionStatus,
} from './session-store';

export type { SessionUser, SessionStatus };

/** The endpoints' declarations and client, on first use (app/auth-contract.ts). */
const contract = () => import('./auth-contract');

/**
 * Signs in (POST /api/token). Throws ApiError on failure; the login screen shows it (spec §8). An
 * account with two-factor sign-in answers a challenge instead of a token: finish with
 * `completeTwoFactor()` (decision 025).
 */
export async function login(credentials: LoginRequest): Promise<TokenResponse | TwoFactorChallenge> {
  const { callEndpoint, AUTH_ENDPOINTS } = await contract();
  const response = await callEndpoint(AUTH_ENDPOINTS.signIn, { body: credentials }, { auth: false, redirectOn401: false });
  if (isTwoFactorChallenge(response)) return response;
  await finishSignIn(response);
  return response;
}

/** Second sign-in step: a code from the authenticator app or a recovery code (or, when enrolling, the first code). */
export async function completeTwoFactor(challenge: string, code: string): Promise<EnrolledTokenResponse> {
  const { callEndpoint, AUTH_ENDPOINTS } = await contract();
  const response = await callEndpoint(AUTH_ENDPOINTS.signInTwoFactor, { body: { challenge, code } }, { auth: false, redirectOn401: false });
  await finishSignIn(response);
  return response;
}

/** Enrolment the sign-in policy requires: a new authenticator secret for the app. */
export async function startSignInEnrolment(challenge: string): Promise<TotpSetup> {
  const { callEndpoint, AUTH_ENDPOINTS } = await contract();
  return callEndpoint(AUTH_ENDPOINTS.signInTwoFactorSetup, { body: { challenge } }, { auth: false, redirectOn401: false });
}

async function finishSignIn(response: TokenResponse): Promise<void> {
  clearDataCache();
  // Someone else's offline copies never show to the next user of this device (decision 019).
  if (rememberedUserId() !== response.user.id) await clearOfflineCopies();
  signIn(response);
  // A language picked on this browser wins and is saved; otherwise the profile's applies.
  if (hasStoredLanguage()) {
    const chosen = currentLanguage();
    if (response.user.language !== chosen) void saveLanguage(chosen);
  } else if (isLanguage(response.user.language)) {
    await changeLanguage(response.user.language);
  }
}

export async function logout(): Promise<void> {
  if (getToken()) {
    try {
      const { callEndpoint, AUTH_ENDPOINTS } = await contract();
      await callEndpoint(AUTH_ENDPOINTS.logout, {}, { redirectOn401: false });
    } catch {
      // The session is ended locally anyway; the server one expires on its own.
    }
  }
  signOutLocally();
  clearDataCache();
  await clearOfflineCopies();
  navigateTo('/login', { replace: true });
}

/*
 * However a session ends — sign-out, a 401 that ends it, a failed token refresh, another tab —
 * the data copies of this device go with it: the query cache and the service worker's answers
 * (decision 019), so the next person on the device never sees them. Queued writes and drafts
 * kept on the device stay; only their own user's next session shows and sends them.
 */
let hadUser = getSessionState().user !== null;
subscribeSession(() => {
  const { status, user } = getSessionState();
  if (status === 'signedOut' && hadUser) {
    clearDataCache();
    void clearOfflineCopies();
  }
  hadUser = user !== null;
});

async function saveLanguage(language: Language): Promise<void> {
  try {
    // PUT replaces the whole profile: send what it holds now with the new language.
    const { callEndpoint, ACCOUNT_ENDPOINTS } = await contract();
    const profile = await callEndpoint(ACCOUNT_ENDPOINTS.profile, {}, { redirectOn401: false });
    const { firstName, lastName, phone, title } = profile;
    await callEndpoint(ACCOUNT_ENDPOINTS.updateProfile, { body: { firstName, lastName, phone, title, language } }, { redirectOn401: false });
    updateUser({ language });
  } catch {
    // The choice still applies in this browser; the profile catches up next time.
  }
}

export async function setLanguage(language: Language): Promise<void> {
  await changeLanguage(language);
  if (getSessionState().status === 'signedIn') await saveLanguage(language);
}

/** When ensureSession last loaded the user by a refresh: the route change it guards needs no second one. */
let refreshedAt = 0;

/**
 * The user for a guard: with a stored token but no user loaded, user info is fetched by token
 * refresh first (spec §6). A network failure leaves the state as it is.
 */
export async function ensureSession(): Promise<SessionState> {
  const state = getSessionState();
  if (state.status === 'unknown' || (!state.user && getToken())) {
    try {
      await refreshToken();
      refreshedAt = Date.now();
    } catch {
      // Offline: keep the token and open as the user who signed in with it last (decision 019);
      // without one the guard treats the user as not loaded.
      restoreRememberedUser();
    }
  }
  return getSessionState();
}

export const NAVIGATION_REFRESH_DEBOUNCE_MS = 400;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

/** Token refresh on each route change (spec §4); a burst of navigations makes one call. */
export function refreshOnNavigation(): void {
  // The first route change of a visit has just refreshed to load the user: one call, not two.
  if (Date.now() - refreshedAt < NAVIGATION_REFRESH_DEBOUNCE_MS) return;
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    if (getSessionState().status !== 'signedIn') return;
    refreshToken().catch(() => {
      // Offline: the next navigation or call tries again.
    });
  }, NAVIGATION_REFRESH_DEBOUNCE_MS);
}

/** Tests: no refresh timer or recent refresh carried from one test into the next. */
export function resetNavigationRefreshForTests(): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  refreshedAt = 0;
}

export interface UseSession {
  status: SessionStatus;
  user: SessionUser | null;
  roles: Role[];
  language: Language;
  logout: () => Promise<void>;
  setLanguage: (language: Language) => Promise<void>;
}

export function useSession(): UseSession {
  const state = useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
  // Subscribes to language changes so `language` stays current.
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return { ...state, language, logout, setLanguage };
}
