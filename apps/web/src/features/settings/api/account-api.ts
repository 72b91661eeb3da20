import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_ENDPOINTS, type ChangePasswordRequest, type SignInPolicy, type UpdateProfileRequest } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

/** The signed-in user's own account: profile, password, two-factor sign-in, sessions (decision 025). */

export function useProfile() {
  return useQuery({ queryKey: ['me', 'profile'], queryFn: ({ signal }) => callEndpoint(ACCOUNT_ENDPOINTS.profile, {}, { signal }) });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => callEndpoint(ACCOUNT_ENDPOINTS.updateProfile, { body }),
    onSuccess: (profile) => queryClient.setQueryData(['me', 'profile'], profile),
  });
}

export function changePassword(body: ChangePasswordRequest) {
  return callEndpoint(ACCOUNT_ENDPOINTS.changePassword, { body });
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: ['me', 'twoFactor'], queryFn: ({ signal }) => callEndpoint(ACCOUNT_ENDPOINTS.twoFactor, {}, { signal }) });
}

export function useTwoFactorMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['me', 'twoFactor'] });
  return {
    setup: useMutation({ mutationFn: () => callEndpoint(ACCOUNT_ENDPOINTS.twoFactorSetup, {}) }),
    confirm: useMutation({ mutationFn: (code: string) => callEndpoint(ACCOUNT_ENDPOINTS.twoFactorConfirm, { body: { code } }), onSuccess: refresh }),
    newRecoveryCodes: useMutation({ mutationFn: (code: string) => callEndpoint(ACCOUNT_ENDPOINTS.recoveryCodes, { body: { code } }), onSuccess: refresh }),
    disable: useMutation({
      mutationFn: (currentPassword: string) => callEndpoint(ACCOUNT_ENDPOINTS.twoFactorDisable, { body: { currentPassword } }),
      onSuccess: refresh,
    }),
  };
}

export function useMySessions() {
  return useQuery({
    queryKey: ['me', 'sessions'],
    queryFn: async ({ signal }) => (await callEndpoint(ACCOUNT_ENDPOINTS.sessions, {}, { signal })).data,
  });
}

export function useSessionMutations() {
  const queryClient = useQueryClient();
  return {
    revoke: useMutation({
      mutationFn: (id: string) => callEndpoint(ACCOUNT_ENDPOINTS.endSession, { params: { sessionId: id } }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'sessions'] }),
    }),
    signOutEverywhere: useMutation({ mutationFn: () => callEndpoint(ACCOUNT_ENDPOINTS.signOutEverywhere, { body: { confirm: true } }) }),
  };
}

export function useSignInPolicy() {
  return useQuery({ queryKey: ['signInPolicy'], queryFn: ({ signal }) => callEndpoint(ACCOUNT_ENDPOINTS.signInPolicy, {}, { signal }) });
}

export function useSaveSignInPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInPolicy) => callEndpoint(ACCOUNT_ENDPOINTS.updateSignInPolicy, { body }),
    onSuccess: (policy) => {
      queryClient.setQueryData(['signInPolicy'], policy);
      return queryClient.invalidateQueries({ queryKey: ['me', 'twoFactor'] });
    },
  });
}
