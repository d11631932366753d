import { useQuery } from '@tanstack/react-query';
import { sessionApi } from '@kudo/shared';
import { callWithMessage } from '../../../lib/api';

export interface VerificationLink {
  verificationType: string;
  accountId: string;
  transactionId: string;
}

/** Confirms an email address from its link; runs once per link (a spent link fails the second time). */
export function useVerifyEmail({ verificationType, accountId, transactionId }: VerificationLink) {
  return useQuery({
    queryKey: ['email-verification', verificationType, accountId, transactionId],
    queryFn: () =>
      callWithMessage(sessionApi.verifyEmail, { params: { type: verificationType, accountId, transactionId } }),
    retry: false,
    staleTime: Infinity,
    refetchOnMount: false,
  });
}
