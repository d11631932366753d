import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analyticsApi, type EndpointInput, type ReviewTopic } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';
import type { TableState } from '../../../components/tableState';
import type { CsvTable } from '../../../components/CsvExport';

export type ReviewRow = analyticsApi.ReviewRow;
export type ReviewFilters = NonNullable<EndpointInput<typeof analyticsApi.fetchReviews>['body']>['filters'];
type ReviewQuery = Omit<NonNullable<EndpointInput<typeof analyticsApi.fetchReviews>['body']>, 'current' | 'rowCount'>;
export type AddReviewInput = EndpointInput<typeof analyticsApi.addReview>['body'];
export type EditReviewInput = EndpointInput<typeof analyticsApi.editReview>['body'];

export const reviewKeys = {
  all: (locationId: number) => ['reviews', locationId] as const,
  page: (locationId: number, state: TableState, extra: ReviewExtra) => ['reviews', locationId, 'page', state, extra] as const,
  campaigns: (locationId: number) => ['reviews', locationId, 'campaigns'] as const,
};

/** What the table asks for beyond page, sort, search and range: the campaign, the topic and the filters. */
export interface ReviewExtra {
  campaignUid: string | null;
  topic: ReviewTopic | null;
  filters: NonNullable<ReviewFilters>;
}

const SORT_KEYS = new Set<string>(analyticsApi.REVIEW_SORT_FIELDS);

/** The table's state as the fetch and export calls take it. */
export function reviewQuery(state: TableState, extra: ReviewExtra): ReviewQuery {
  const sort = state.sort && SORT_KEYS.has(state.sort.key) ? { [state.sort.key]: state.sort.dir } : { captured_on: 'desc' as const };
  return {
    sort,
    searchPhrase: state.search,
    from_date: state.from ?? undefined,
    to_date: state.to ?? undefined,
    filters: extra.filters,
    campaign_uid: extra.campaignUid,
    topic: extra.topic,
  };
}

export function useReviews(locationId: number, state: TableState, extra: ReviewExtra) {
  return useQuery({
    queryKey: reviewKeys.page(locationId, state, extra),
    queryFn: () => call(analyticsApi.fetchReviews, { body: { current: state.page, rowCount: state.pageSize, ...reviewQuery(state, extra) } }),
    placeholderData: keepPreviousData,
  });
}

/** The first 3,000 matching reviews in the server's columns, for the CSV. */
export async function fetchReviewsCsv(state: TableState, extra: ReviewExtra): Promise<CsvTable> {
  const data = await call(analyticsApi.exportReviews, { body: { current: 1, rowCount: analyticsApi.REVIEW_EXPORT_ROWS, ...reviewQuery(state, extra) } });
  return { header: data.columns.map((c) => c.title), rows: data.rows };
}

/** The location's campaigns (for the pickers of the review screens). */
export function useCreditCampaigns(locationId: number) {
  return useQuery({
    queryKey: reviewKeys.campaigns(locationId),
    queryFn: async () => (await call(analyticsApi.profileCampaigns)) ?? [],
    staleTime: 60_000,
  });
}

/** After any change the table's pages are asked again (a change may move a review in or out of a filter). */
function useReviewMutation<I, R>(locationId: number, fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(locationId) }),
  });
}

export interface ReviewRef {
  transaction_id: number;
  source: string;
  campaign_uid: string | null;
}

const ref = (row: ReviewRow) => ({ transaction_id: row.transaction_id, source: row.source as analyticsApi.ReviewSource, campaign_uid: row.campaign_uid });

export const approveReview = (row: ReviewRow, approved: boolean) => call(analyticsApi.approveReview, { body: { approved, ...ref(row) } });

export function useApproveReview(locationId: number) {
  return useReviewMutation(locationId, ({ row, approved }: { row: ReviewRow; approved: boolean }) => approveReview(row, approved));
}

export function useArchiveReview(locationId: number) {
  return useReviewMutation(locationId, ({ row, archived }: { row: ReviewRow; archived: boolean }) => call(analyticsApi.archiveReview, { body: { archived, ...ref(row) } }));
}

export function useEditReview(locationId: number) {
  return useReviewMutation(locationId, (body: EditReviewInput) => callWithMessage(analyticsApi.editReview, { body }));
}

export function useAddReview(locationId: number) {
  return useReviewMutation(locationId, (body: AddReviewInput) => callWithMessage(analyticsApi.addReview, { body }));
}
