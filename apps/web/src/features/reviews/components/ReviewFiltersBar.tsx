import { REVIEW_TOPIC_LABELS, REVIEW_TOPICS, type ReviewTopic } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { SelectField } from '../../../components/SelectField';
import { SENTIMENT_LABEL, SentimentFace } from '../../../components/Sentiment';
import { cx } from '../../../lib/cx';
import { MOODS, type ApprovalFilter, type ReviewFilterState } from '../utils/filters';
import type { CampaignOption } from './ReviewModals';
import styles from './Reviews.module.css';

const TOPIC_OPTIONS: { value: ReviewTopic | ''; label: string }[] = [{ value: '', label: 'All Topics' }, ...REVIEW_TOPICS.map((t) => ({ value: t, label: REVIEW_TOPIC_LABELS[t] }))];

const APPROVAL_OPTIONS: { value: ApprovalFilter; label: string }[] = [
  { value: '', label: 'All Reviews' },
  { value: 'approved', label: 'Approved Reviews' },
  { value: 'unapproved', label: 'Unapproved Reviews' },
  { value: 'no_text', label: 'No Text Reviews' },
];

/** The reviews table's own filters: campaign, topic, approval, moods, archived and recordings, and Reset Filters. */
export function ReviewFiltersBar({
  filters,
  campaigns,
  onChange,
  onReset,
}: {
  filters: ReviewFilterState;
  campaigns: readonly CampaignOption[];
  onChange: (next: ReviewFilterState) => void;
  onReset: () => void;
}) {
  return (
    <div className={styles.filters}>
      <SelectField
        label="Campaign"
        value={filters.campaign}
        onChange={(campaign) => onChange({ ...filters, campaign })}
        options={[{ value: '', label: 'All Campaigns' }, ...campaigns.map((c) => ({ value: c.uid, label: c.name }))]}
      />
      <SelectField label="Topic" value={filters.topic} onChange={(topic) => onChange({ ...filters, topic })} options={TOPIC_OPTIONS} />
      <SelectField label="Filter Approved" value={filters.approval} onChange={(approval) => onChange({ ...filters, approval })} options={APPROVAL_OPTIONS} />
      <div className={styles.toggleGroup} role="group" aria-label="Sentiment">
        {MOODS.map((mood) => {
          const on = filters.moods.includes(mood);
          return (
            <button
              key={mood}
              type="button"
              className={cx(styles.toggle, on && styles.toggleOn)}
              aria-pressed={on}
              title={SENTIMENT_LABEL[mood]}
              onClick={() => onChange({ ...filters, moods: on ? filters.moods.filter((m) => m !== mood) : MOODS.filter((m) => m === mood || filters.moods.includes(m)) })}
            >
              <SentimentFace sentiment={mood} size={22} decorative />
              <span className="visually-hidden">{SENTIMENT_LABEL[mood]}</span>
            </button>
          );
        })}
      </div>
      <button type="button" className={cx(styles.toggle, styles.toggleText, filters.archived && styles.toggleOn)} aria-pressed={filters.archived} onClick={() => onChange({ ...filters, archived: !filters.archived })}>
        {filters.archived ? 'Hide Archived' : 'Show Archived'}
      </button>
      <div className={styles.toggleGroup} role="group" aria-label="Recordings">
        <button type="button" className={cx(styles.toggle, styles.toggleText, !filters.audioOnly && styles.toggleOn)} aria-pressed={!filters.audioOnly} onClick={() => onChange({ ...filters, audioOnly: false })}>
          Audio &amp; Text
        </button>
        <button type="button" className={cx(styles.toggle, styles.toggleText, filters.audioOnly && styles.toggleOn)} aria-pressed={filters.audioOnly} onClick={() => onChange({ ...filters, audioOnly: true })}>
          Audio Only
        </button>
      </div>
      <Button variant="ghost" size="sm" onClick={onReset}>
        Reset Filters
      </Button>
    </div>
  );
}
