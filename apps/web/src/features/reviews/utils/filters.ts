import { REVIEW_TOPICS, type ReviewTopic } from '@kudo/shared';
import type { ReviewExtra } from '../api/reviews';

export type ApprovalFilter = '' | 'approved' | 'unapproved' | 'no_text';
export type Mood = 'positive' | 'neutral' | 'negative';
export const MOODS: readonly Mood[] = ['positive', 'neutral', 'negative'];

/** The reviews table's own filters, beside page, sort, search and range. */
export interface ReviewFilterState {
  campaign: string;
  approval: ApprovalFilter;
  moods: readonly Mood[];
  archived: boolean;
  audioOnly: boolean;
  /** One topic's reviews; '' for all. */
  topic: ReviewTopic | '';
}

export const DEFAULT_FILTERS: ReviewFilterState = { campaign: '', approval: '', moods: [], archived: false, audioOnly: false, topic: '' };

const APPROVALS: readonly ApprovalFilter[] = ['approved', 'unapproved', 'no_text'];

/** Reads the filters from the address (`campaign`, `show`, `mood`, `archived`, `audio`, `topic`); anything odd is left at its default. */
export function filtersFromParams(params: URLSearchParams): ReviewFilterState {
  const show = params.get('show') ?? '';
  const moods = (params.get('mood') ?? '').split(',').filter((m): m is Mood => (MOODS as readonly string[]).includes(m));
  return {
    campaign: params.get('campaign') ?? '',
    approval: (APPROVALS as readonly string[]).includes(show) ? (show as ApprovalFilter) : '',
    moods: MOODS.filter((m) => moods.includes(m)),
    archived: params.get('archived') === '1',
    audioOnly: params.get('audio') === '1',
    topic: REVIEW_TOPICS.find((t) => t === params.get('topic')) ?? '',
  };
}

/** Writes the filters into the address, leaving defaults out. */
export function filtersToParams(filters: ReviewFilterState, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const put = (name: string, value: string) => (value ? params.set(name, value) : params.delete(name));
  put('campaign', filters.campaign);
  put('show', filters.approval);
  put('mood', filters.moods.join(','));
  put('archived', filters.archived ? '1' : '');
  put('audio', filters.audioOnly ? '1' : '');
  put('topic', filters.topic);
  return params;
}

/** The filters as the fetch call takes them. */
export function toReviewExtra(filters: ReviewFilterState): ReviewExtra {
  return {
    campaignUid: filters.campaign || null,
    topic: filters.topic || null,
    filters: {
      text_and_audio: !filters.audioOnly,
      approved: filters.approval === 'approved',
      unapproved: filters.approval === 'unapproved',
      no_text: filters.approval === 'no_text',
      positive: filters.moods.includes('positive'),
      neutral: filters.moods.includes('neutral'),
      negative: filters.moods.includes('negative'),
      archived: filters.archived,
    },
  };
}
