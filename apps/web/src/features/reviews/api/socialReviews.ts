import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { socialReviewsApi, SOCIAL_REVIEW_LIMITS, type AttributionMethod, type EndpointInput, type SocialReviewItem, type SocialReviewPage } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export type SocialView = 'needs_credit' | 'all';

/** Where a page of reviews starts: after or before a key of the neighbouring page, or the newest. */
export interface PageCursor {
  after?: string;
  before?: string;
}

export interface SocialListKey {
  view: SocialView;
  cursor: PageCursor;
}

export const socialReviewKeys = {
  all: (locationId: number) => ['social-reviews', locationId] as const,
  page: (locationId: number, list: SocialListKey) => ['social-reviews', locationId, list.view, list.cursor.after ?? null, list.cursor.before ?? null] as const,
};

export function useSocialReviews(locationId: number, list: SocialListKey) {
  return useQuery({
    queryKey: socialReviewKeys.page(locationId, list),
    queryFn: () => call(socialReviewsApi.load, { body: { limit: SOCIAL_REVIEW_LIMITS.pageSize, view: list.view, ...list.cursor } }),
    placeholderData: keepPreviousData,
  });
}

export interface CreditChange {
  reviewId: number;
  campaignUid: string;
  /** Each method is sent in turn (a suggestion may come from both mentions and matching). */
  methods: readonly AttributionMethod[];
  remove: boolean;
}

/** Gives, confirms or removes credit; the answer is the refreshed page, which replaces the shown one. */
export function useChangeCredit(locationId: number, list: SocialListKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reviewId, campaignUid, methods, remove }: CreditChange) => {
      let page: SocialReviewPage | null = null;
      for (const method of methods) {
        page = await call(remove ? socialReviewsApi.removeAttribution : socialReviewsApi.addAttribution, {
          body: { view: list.view, limit: SOCIAL_REVIEW_LIMITS.pageSize, review_id: reviewId, campaign_uid: campaignUid, attribution_method: method, cursor: list.cursor },
        });
      }
      return page;
    },
    onSuccess: (page) => {
      if (page) queryClient.setQueryData(socialReviewKeys.page(locationId, list), page);
      // Other pages and views may have changed too (a credited review leaves "needs credit").
      return queryClient.invalidateQueries({ queryKey: socialReviewKeys.all(locationId), refetchType: 'none' });
    },
  });
}

/** Posts, changes or removes the business's reply to a Google review; the shown page keeps the answer. */
export function useReply(locationId: number, list: SocialListKey) {
  const queryClient = useQueryClient();
  const patch = (review: SocialReviewItem) =>
    queryClient.setQueryData(socialReviewKeys.page(locationId, list), (old: SocialReviewPage | undefined) =>
      old ? { ...old, data: old.data.map((r) => (r.id === review.id ? review : r)) } : old,
    );
  const save = useMutation({
    mutationFn: ({ id, comment }: { id: number; comment: string }) => callWithMessage(socialReviewsApi.saveReply, { params: { id }, body: { comment } }),
    onSuccess: ({ data }) => patch(data.review),
  });
  const remove = useMutation({
    mutationFn: (id: number) => callWithMessage(socialReviewsApi.deleteReply, { params: { id } }),
    onSuccess: ({ data }) => patch(data.review),
  });
  return { save, remove };
}

export type ReportInput = EndpointInput<typeof socialReviewsApi.exportReport>['body'];

export function useExportReport() {
  return useMutation({ mutationFn: (body: ReportInput) => callWithMessage(socialReviewsApi.exportReport, { body }) });
}
