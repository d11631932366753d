import { formatPhoneWithCountry, REVIEW_TOPIC_LABELS, siteLabel } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { ScoreBadge, SentimentFace, type Sentiment } from '../../../components/Sentiment';
import { SiteMark } from '../../../components/SiteMark';
import { StarRating } from '../../../components/StarRating';
import type { ReviewRow } from '../api/reviews';
import { customerAddress, formatDay } from '../utils/format';
import styles from './Reviews.module.css';

export const sentimentOf = (row: Pick<ReviewRow, 'sentiment'>): Sentiment => row.sentiment.toLowerCase() as Sentiment;
/** The site a review came from; Facebook's older key `fb` is Facebook. */
export const siteOf = (source: string) => (source === 'fb' ? 'facebook' : source);

/** For a pulseCheck answer its mood face and Kudo Index; for a site's review the site's mark and stars. */
export function SourceCell({ row }: { row: ReviewRow }) {
  if (row.source === 'kudo') {
    return (
      <span className={styles.source}>
        <SentimentFace sentiment={sentimentOf(row)} size={30} />
        {row.kudo_index.value !== null && <ScoreBadge value={row.kudo_index.value} />}
      </span>
    );
  }
  return (
    <span className={styles.source}>
      <SiteMark site={siteOf(row.source)} size={30} labelled />
      <StarRating value={row.rating} size={12} />
      <span className="visually-hidden">{row.sentiment}</span>
    </span>
  );
}

/** The recording, the comment and the tags: who, how to reach them, when, which campaign and department. */
export function ReviewCell({ row, timeZone }: { row: ReviewRow; timeZone?: string }) {
  const customer = row.customer_name || row.author_name;
  const tags: [string, string][] = [
    ['Customer', customer],
    ['Customer Phone', row.customer_phone ? formatPhoneWithCountry(row.customer_phone) : ''],
    ['Customer Email', row.customer_email],
    ['Customer Address', customerAddress(row)],
    ['Date', formatDay(row.captured_on, timeZone)],
    ['Campaign', row.name ?? ''],
    ['Department', row.department_name ?? ''],
  ];
  return (
    <div className={styles.review}>
      {row.audio_url && (
        <audio className={styles.audio} controls preload="none" src={row.audio_url} aria-label={`Recording from ${customer || 'the customer'}`}>
          <a href={row.audio_url}>Listen to the recording</a>
        </audio>
      )}
      {row.user_comment ? <p className={styles.comment}>{row.user_comment}</p> : <p className={styles.muted}>No written review.</p>}
      <TopicChips row={row} />
      <dl className={styles.tags}>
        {tags
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className={styles.tag}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {row.archived && <p className={styles.archivedNote}>Archived</p>}
    </div>
  );
}

const POLARITY = { '1': ['praised', styles.topicPositive], '0': ['mixed', styles.topicMixed], '-1': ['criticised', styles.topicNegative] } as const;

/** What the text is about, each topic as a small chip coloured by how the review speaks of it. */
export function TopicChips({ row }: { row: Pick<ReviewRow, 'topics' | 'topic_sentiments'> }) {
  if (row.topics.length === 0) return null;
  return (
    <ul className={styles.topics} aria-label="Topics">
      {row.topics.map((topic) => {
        const [word, tone] = POLARITY[String(row.topic_sentiments[topic] ?? 0) as keyof typeof POLARITY];
        const label = REVIEW_TOPIC_LABELS[topic];
        return (
          <li key={topic} className={`${styles.topic} ${tone}`} title={`${label}: ${word}`}>
            {label}
            <span className="visually-hidden"> ({word})</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The slider answers, each coloured by its band (0 to 10). */
export function SlidersCell({ row }: { row: ReviewRow }) {
  const sliders = Object.entries(row.sliders);
  if (sliders.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <ul className={styles.sliders}>
      {sliders.map(([question, value]) => (
        <li key={question}>
          <span className={styles.question}>{question}</span>
          <ScoreBadge value={value} label={question} />
        </li>
      ))}
    </ul>
  );
}

/** Whether the review is public somewhere a reply can answer it: a site's review, or one approved for the bio page. */
export const canReply = (row: Pick<ReviewRow, 'source' | 'approved'>) => row.source === 'google' || siteOf(row.source) === 'facebook' || row.approved;

export function ActionsCell({
  row,
  label,
  onApprove,
  onArchive,
  onEdit,
  onReply,
  busy,
}: {
  row: ReviewRow;
  /** Names the review in the buttons' accessible names. */
  label: string;
  onApprove: () => void;
  onArchive: () => void;
  onEdit: () => void;
  /** Opens the review's draft reply; only for reviews that are public (see canReply). */
  onReply?: () => void;
  busy: boolean;
}) {
  return (
    <div className={styles.actions}>
      <Button
        size="sm"
        variant={row.approved ? 'primary' : 'secondary'}
        aria-pressed={row.approved}
        aria-label={`${row.approved ? 'Approved' : 'Approve'}: ${label}`}
        onClick={onApprove}
        disabled={busy}
      >
        {row.approved ? 'Approved' : 'Approve'}
      </Button>
      <Button size="sm" variant="secondary" aria-label={`${row.archived ? 'Unarchive' : 'Archive'}: ${label}`} onClick={onArchive} disabled={busy}>
        {row.archived ? 'Unarchive' : 'Archive'}
      </Button>
      <Button size="sm" variant="ghost" aria-label={`Edit: ${label}`} onClick={onEdit}>
        Edit
      </Button>
      {onReply && (
        <Button size="sm" variant="ghost" aria-label={`Reply: ${label}`} onClick={onReply}>
          Reply
        </Button>
      )}
    </div>
  );
}

export const reviewLabel = (row: ReviewRow, timeZone?: string) =>
  `${siteLabel(siteOf(row.source))} review by ${row.customer_name || row.author_name || 'a customer'} on ${formatDay(row.captured_on, timeZone)}`;
