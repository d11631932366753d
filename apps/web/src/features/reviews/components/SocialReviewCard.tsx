import { MSG, siteLabel, SOCIAL_REVIEW_LIMITS, type SocialReviewItem } from '@kudo/shared';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ExternalLinkIcon } from '../../../components/icons';
import { SiteMark } from '../../../components/SiteMark';
import { StarRating } from '../../../components/StarRating';
import { TextAreaField } from '../../../components/TextAreaField';
import { formatDay } from '../utils/format';
import { CreditChips, type CreditActions } from './CreditChips';
import { GiveCredit, type CreditCampaign } from './GiveCredit';
import { ReplyComposer } from './ReplyComposer';
import styles from './SocialReviews.module.css';

export interface ReplyActions {
  save: (comment: string, done: () => void) => void;
  remove: (done: () => void) => void;
  saving: boolean;
  removing: boolean;
  error: string | null;
}

function Rating({ rating }: { rating: SocialReviewItem['rating'] }) {
  if (rating.type === 'recommendation') {
    const yes = rating.value >= 3;
    return <span className={yes ? styles.recommends : styles.notRecommends}>{yes ? 'Recommends' : 'Does not recommend'}</span>;
  }
  return <StarRating value={rating.value} />;
}

/** One Google or Facebook review: its rating, author, time and text, its credit, and the business's reply. */
export function SocialReviewCard({
  locationId,
  review,
  timeZone,
  campaigns,
  credit,
  reply,
}: {
  locationId: number;
  review: SocialReviewItem;
  timeZone?: string;
  campaigns: readonly CreditCampaign[];
  credit: CreditActions;
  reply: ReplyActions;
}) {
  const credited = new Set(review.attribution.map((a) => a.campaign.campaign_uid));
  const confirmed = review.attribution.some((a) => a.methods.some((m) => m.attribution_method === 'human'));
  const source = siteLabel(review.source);
  const author = review.author || 'A customer';
  return (
    <article className={styles.review} aria-label={`${source} review by ${author}`}>
      <header className={styles.reviewHead}>
        <SiteMark site={review.source} size={28} labelled />
        <Rating rating={review.rating} />
        <span className={styles.author}>{author}</span>
        <time className={styles.muted} dateTime={review.timestamp}>
          {formatDay(review.timestamp, timeZone)}
        </time>
      </header>
      {review.content.text ? <p className={styles.text}>{review.content.text}</p> : <p className={styles.muted}>No text, rating only.</p>}
      <div className={styles.creditRow}>
        <CreditChips attribution={review.attribution} actions={credit} />
        <GiveCredit campaigns={campaigns} credited={credited} additional={confirmed} busy={false} onGive={credit.confirm} reviewLabel={`by ${author}`} />
        {review.url && (
          <a className={styles.external} href={review.url} target="_blank" rel="noreferrer">
            {review.source === 'google' ? 'Reply on Google' : `Open on ${source}`}
            <ExternalLinkIcon size={12} />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
      <Reply locationId={locationId} review={review} author={author} actions={reply} timeZone={timeZone} />
    </article>
  );
}

function Reply({ locationId, review, author, actions, timeZone }: { locationId: number; review: SocialReviewItem; author: string; actions: ReplyActions; timeZone?: string }) {
  const [editing, setEditing] = useState(false);
  const [composing, setComposing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const existing = review.reply;

  const start = () => {
    setText(existing?.comment ?? '');
    setError(null);
    setEditing(true);
  };

  if (editing) {
    return (
      <form
        className={styles.replyForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const comment = text.trim();
          if (!comment) return setError(MSG.socialReplyRequired);
          if (comment.length > SOCIAL_REVIEW_LIMITS.replyMax) return setError(MSG.socialReplyTooLong);
          setError(null);
          actions.save(comment, () => setEditing(false));
        }}
      >
        <TextAreaField label={`Your reply to ${author}`} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxChars={SOCIAL_REVIEW_LIMITS.replyMax} error={error ?? actions.error} autoFocus />
        <div className={styles.popoverActions}>
          <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          <Button type="submit" size="sm" loading={actions.saving}>
            Post Reply
          </Button>
        </div>
      </form>
    );
  }

  if (!existing) {
    if (composing) {
      // Google takes the reply through its reply call; a Facebook recommendation's reply is copied to Facebook.
      const posting =
        review.source === 'google'
          ? {
              post: (comment: string, done: () => void) =>
                actions.save(comment, () => {
                  setComposing(false);
                  done();
                }),
              posting: actions.saving,
              error: actions.error,
            }
          : undefined;
      return <ReplyComposer locationId={locationId} reviewId={review.id} author={author} posting={posting} onCancel={() => setComposing(false)} />;
    }
    return (
      <div className={styles.replyStarts}>
        <Button variant="secondary" size="sm" onClick={() => setComposing(true)} aria-label={`Draft reply for ${author}`}>
          Draft reply
        </Button>
        {review.source === 'google' && (
          <Button variant="link" onClick={start} aria-label={`Reply to ${author}`}>
            Reply
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className={styles.reply}>
      <p className={styles.replyLabel}>
        Your reply{existing.updated_at && <span className={styles.muted}> · {formatDay(existing.updated_at, timeZone)}</span>}
        <span className={styles.muted}> · {existing.posted_by ? `Posted by ${existing.posted_by}` : 'Written on Google'}</span>
      </p>
      <p className={styles.text}>{existing.comment}</p>
      <div className={styles.replyActions}>
        <Button variant="link" onClick={start} aria-label={`Edit your reply to ${author}`}>
          Edit Reply
        </Button>
        <Button variant="link" onClick={() => setConfirming(true)} aria-label={`Delete your reply to ${author}`}>
          Delete Reply
        </Button>
      </div>
      {actions.error && !editing && (
        <p className={styles.error} role="alert">
          {actions.error}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your reply?"
        message="Your reply will be removed from the review on Google."
        confirmLabel="Delete Reply"
        busy={actions.removing}
        onConfirm={() => actions.remove(() => setConfirming(false))}
      />
    </div>
  );
}
