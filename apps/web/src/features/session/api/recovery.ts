import { useMutation, useQuery } from '@tanstack/react-query';
import { sessionApi } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export function useSendRecovery() {
  return useMutation({
    mutationFn: (email: string) =>
      callWithMessage(sessionApi.sendRecovery, { body: { email }, query: { dashboard: 'true' } }),
  });
}

/** Checks a reset link once when the page opens; a dead link is not retried. */
export function useResetTokenCheck(im: string) {
  return useQuery({
    queryKey: ['password-reset-token', im],
    queryFn: () => call(sessionApi.checkResetToken, { query: { im, dashboard: 'true' } }),
    enabled: im !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useResetPassword(im: string) {
  return useMutation({
    mutationFn: (input: { password: string; password_confirmation: string }) =>
      callWithMessage(sessionApi.updateRecoveredPassword, { query: { im, dashboard: 'true' }, body: input }),
  });
}
