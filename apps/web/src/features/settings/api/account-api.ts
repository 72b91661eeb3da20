import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  RecoveryCodes,
  SignInPolicy,
  TotpSetup,
  TwoFactorStatus,
  UpdateProfileRequest,
  UserProfile,
  UserSession,
} from '@grove/shared';
import { api } from '../../../app/api-client';

/** The signed-in user's own account: profile, password, two-factor sign-in, sessions (decision 025). */

export function useProfile() {
  return useQuery({ queryKey: ['me', 'profile'], queryFn: ({ signal }) => api.get<UserProfile>('/api/Users/me', undefined, { signal }) });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api.put<UserProfile>('/api/Users/me', body),
    onSuccess: (profile) => queryClient.setQueryData(['me', 'profile'], profile),
  });
}

export function changePassword(body: ChangePasswordRequest) {
  return api.post<{ message: string }>('/api/Users/me/password', body);
}

const TWO_FACTOR = '/api/Users/me/two-factor';

export function useTwoFactorStatus() {
  return useQuery({ queryKey: ['me', 'twoFactor'], queryFn: ({ signal }) => api.get<TwoFactorStatus>(TWO_FACTOR, undefined, { signal }) });
}

export function useTwoFactorMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['me', 'twoFactor'] });
  return {
    setup: useMutation({ mutationFn: () => api.post<TotpSetup>(`${TWO_FACTOR}/setup`) }),
    confirm: useMutation({ mutationFn: (code: string) => api.post<RecoveryCodes>(`${TWO_FACTOR}/confirm`, { code }), onSuccess: refresh }),
    newRecoveryCodes: useMutation({ mutationFn: (code: string) => api.post<RecoveryCodes>(`${TWO_FACTOR}/recovery-codes`, { code }), onSuccess: refresh }),
    disable: useMutation({
      mutationFn: (currentPassword: string) => api.post<TwoFactorStatus>(`${TWO_FACTOR}/disable`, { currentPassword }),
      onSuccess: refresh,
    }),
  };
}

const SESSIONS = '/api/Users/me/sessions';

export function useMySessions() {
  return useQuery({
    queryKey: ['me', 'sessions'],
    queryFn: async ({ signal }) => (await api.get<{ data: UserSession[] }>(SESSIONS, undefined, { signal })).data,
  });
}

export function useSessionMutations() {
  const queryClient = useQueryClient();
  return {
    revoke: useMutation({
      mutationFn: (id: string) => api.delete<undefined>(`${SESSIONS}/${encodeURIComponent(id)}`),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'sessions'] }),
    }),
    signOutEverywhere: useMutation({ mutationFn: () => api.post<undefined>(`${SESSIONS}/sign-out-everywhere`, { confirm: true }) }),
  };
}

export function useSignInPolicy() {
  return useQuery({ queryKey: ['signInPolicy'], queryFn: ({ signal }) => api.get<SignInPolicy>('/api/SignInPolicy', undefined, { signal }) });
}

export function useSaveSignInPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInPolicy) => api.put<SignInPolicy>('/api/SignInPolicy', body),
    onSuccess: (policy) => {
      queryClient.setQueryData(['signInPolicy'], policy);
      return queryClient.invalidateQueries({ queryKey: ['me', 'twoFactor'] });
    },
  });
}
