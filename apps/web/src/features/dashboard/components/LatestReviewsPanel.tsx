import type { AccessSubject, analyticsApi, EndpointData } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { canEnter } from '../../../config/menu';
import { pathFor } from '../../../config/routes';
import { StarRating } from '../../../components/StarRating';
import { useLatestReviews } from '../api/panels';
import { DashboardPanel } from './DashboardPanel';
import styles from './Panels.module.css';

type Review = EndpointData<typeof analyticsApi.dashboardSocialReviews>['reviews'][number];

const SOURCE: Record<string, string> = { google: 'Google', facebook: 'Facebook' };
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A Facebook recommendation is kept as 5 (recommends) or 1 (does not). */
const recommends = (review: Review) => review.rating.value >= 3;

/** The newest Google and Facebook reviews. */
export function LatestReviewsPanel({ locationId, subject, className }: { locationId: number; subject: AccessSubject; className?: string }) {
  const query = useLatestReviews(locationId);
  return (
    <DashboardPanel
      title="Latest Reviews"
      query={query}
      className={className}
      actions={canEnter('analyze-reviews-social-reviews', subject) && <Link to={pathFor('analyze-reviews-social-reviews')}>View all</Link>}
      isEmpty={(data) => data.reviews.length === 0}
      empty={{ title: 'No reviews yet', description: 'Your newest Google and Facebook reviews will show here.' }}
    >
      {(data) => (
        <ul className={styles.reviews}>
          {data.reviews.map((review) => (
            <li key={review.id} className={styles.review}>
              <div className={styles.reviewHead}>
                <span className={styles.author}>{review.author || 'Anonymous'}</span>
                <span className={styles.source}>{SOURCE[review.source] ?? review.source}</span>
              </div>
              <div className={styles.reviewMeta}>
                {review.rating.type === 'star' ? (
                  <StarRating value={review.rating.value} size={14} />
                ) : (
                  <span className={recommends(review) ? styles.recommends : styles.notRecommends}>
                    {recommends(review) ? 'Recommends' : "Doesn't recommend"}
                  </span>
                )}
                <time dateTime={review.timestamp}>{DATE.format(new Date(review.timestamp))}</time>
              </div>
              {review.content.text && <p className={styles.reviewText}>{review.content.text}</p>}
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
