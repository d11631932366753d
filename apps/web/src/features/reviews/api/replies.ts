import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewRepliesApi, socialReviewsApi, type ReplyRuleInput, type ReplyTarget, type ReplyTone } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';
import { socialReviewKeys } from './socialReviews';

export const replyKeys = {
  all: (locationId: number) => ['review-replies', locationId] as const,
  draft: (locationId: number, reviewId: number) => ['review-replies', locationId, 'draft', reviewId] as const,
  voice: (locationId: number) => ['review-replies', locationId, 'voice'] as const,
  rules: (locationId: number) => ['review-replies', locationId, 'rules'] as const,
  activity: (locationId: number) => ['review-replies', locationId, 'activity'] as const,
};

/** A review with its draft reply (written when first asked for) and its current reply. */
export function useReplyDraft(locationId: number, reviewId: number, enabled = true) {
  return useQuery({
    queryKey: replyKeys.draft(locationId, reviewId),
    queryFn: () => call(reviewRepliesApi.draft, { params: { id: reviewId } }),
    enabled,
    // A draft is kept on the server; reading it again only matters after the voice or the review changed.
    staleTime: 60_000,
  });
}

/**
 * Posts a reply where the review's target takes it: Google through the Google reply call, a Kudo review under it on
 * the bio page. The review's draft and the lists are read again afterwards (they show the reply and who posted it).
 */
export function usePostReply(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reviewId, target, comment }: { reviewId: number; target: Exclude<ReplyTarget, 'copy'>; comment: string }) =>
      target === 'google'
        ? (await callWithMessage(socialReviewsApi.saveReply, { params: { id: reviewId }, body: { comment } })).message
        : (await callWithMessage(reviewRepliesApi.saveBioReply, { params: { id: reviewId }, body: { comment } })).message,
    onSuccess: (_message, { reviewId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: replyKeys.draft(locationId, reviewId) }),
        queryClient.invalidateQueries({ queryKey: socialReviewKeys.all(locationId) }),
      ]),
  });
}

export function useReplyVoice(locationId: number) {
  return useQuery({ queryKey: replyKeys.voice(locationId), queryFn: () => call(reviewRepliesApi.loadSettings) });
}

export function useSaveReplyVoice(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { tone: ReplyTone; sign_off: string }) => callWithMessage(reviewRepliesApi.saveSettings, { body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(replyKeys.voice(locationId), data);
      // Every draft reads in the new voice.
      return queryClient.invalidateQueries({ queryKey: replyKeys.all(locationId), refetchType: 'none' });
    },
  });
}

/** How often the rules and their activity are read again while the screen is open: replies go out in the background. */
const REFRESH_MS = 15_000;

export function useReplyRules(locationId: number) {
  return useQuery({ queryKey: replyKeys.rules(locationId), queryFn: () => call(reviewRepliesApi.listRules), refetchInterval: REFRESH_MS });
}

export function useAutoReplyActivity(locationId: number) {
  return useQuery({ queryKey: replyKeys.activity(locationId), queryFn: async () => (await call(reviewRepliesApi.activity)).items, refetchInterval: REFRESH_MS });
}

function useRuleMutation<I, O>(locationId: number, fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: replyKeys.rules(locationId) }), queryClient.invalidateQueries({ queryKey: replyKeys.activity(locationId) })]),
  });
}

export const useCreateRule = (locationId: number) => useRuleMutation(locationId, (body: ReplyRuleInput) => callWithMessage(reviewRepliesApi.createRule, { body }));
export const useUpdateRule = (locationId: number) =>
  useRuleMutation(locationId, ({ id, body }: { id: number; body: ReplyRuleInput }) => callWithMessage(reviewRepliesApi.updateRule, { params: { id }, body }));
export const useDeleteRule = (locationId: number) => useRuleMutation(locationId, (id: number) => callWithMessage(reviewRepliesApi.deleteRule, { params: { id } }));
