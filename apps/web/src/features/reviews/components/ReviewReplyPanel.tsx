import { REVIEW_TOPIC_LABELS, isReviewTopic, siteLabel, type ReplyDraftData } from '@kudo/shared';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { SiteMark } from '../../../components/SiteMark';
import { StarRating } from '../../../components/StarRating';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { usePostReply, useReplyDraft } from '../api/replies';
import { formatDay } from '../utils/format';
import { DraftForm, PostedReply } from './ReplyComposer';
import styles from './ReviewReplyPanel.module.css';

function ReviewSummary({ review, timeZone }: { review: ReplyDraftData['review']; timeZone?: string | undefined }) {
  const site = review.source === 'fb' ? 'facebook' : review.source;
  const topics = review.topics.filter((t) => isReviewTopic(t.topic));
  return (
    <section className={styles.review} aria-label={`${siteLabel(site)} review by ${review.author || 'a customer'}`}>
      <header className={styles.head}>
        <SiteMark site={site} size={28} labelled />
        {review.rating_type === 'recommendation' ? (
          <span>{review.rating >= 3 ? 'Recommends' : 'Does not recommend'}</span>
        ) : (
          <StarRating value={review.rating} />
        )}
        <span className={styles.author}>{review.author || 'A customer'}</span>
        <time className={styles.muted} dateTime={review.posted_at}>
          {formatDay(review.posted_at, timeZone)}
        </time>
      </header>
      {review.text ? <p className={styles.text}>{review.text}</p> : <p className={styles.muted}>No text, rating only.</p>}
      {(review.technician || topics.length > 0) && (
        <dl className={styles.facts}>
          {review.technician && (
            <div>
              <dt>Technician</dt>
              <dd>{review.technician}</dd>
            </div>
          )}
          {topics.length > 0 && (
            <div>
              <dt>Topics</dt>
              <dd>
                {topics
                  .map((t) => `${REVIEW_TOPIC_LABELS[t.topic as keyof typeof REVIEW_TOPIC_LABELS]} (${t.polarity > 0 ? 'praised' : t.polarity < 0 ? 'complaint' : 'mixed'})`)
                  .join(', ')}
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

/**
 * A review, its current reply with who posted it, and its draft reply to edit and post: the screen an alert links
 * to, and the Reply dialog of the reviews table.
 */
export function ReviewReplyPanel({ locationId, reviewId, timeZone }: { locationId: number; reviewId: number; timeZone?: string | undefined }) {
  const draft = useReplyDraft(locationId, reviewId);
  const post = usePostReply(locationId);
  const toast = useToast();
  return (
    <QueryBoundary query={draft} loadingLabel="Writing a draft…" errorTitle="No draft">
      {(data) => (
        <div className={styles.panel}>
          <ReviewSummary review={data.review} timeZone={timeZone} />
          {data.reply && <PostedReply reply={data.reply} formatDay={(iso) => formatDay(iso, timeZone)} />}
          <DraftForm
            key={`${data.draft.text}|${data.reply?.comment ?? ''}`}
            data={data}
            author={data.review.author || 'the customer'}
            posting={{
              post: (comment, done, target) =>
                post.mutate(
                  { reviewId, target, comment },
                  {
                    onSuccess: (message) => {
                      toast.show({ tone: 'success', title: message ?? 'Reply posted.' });
                      done();
                    },
                  },
                ),
              posting: post.isPending,
              error: post.isError ? errorMessage(post.error) : null,
            }}
          />
        </div>
      )}
    </QueryBoundary>
  );
}
