import { ID_MAX, REPLY_MSG } from '@kudo/shared';
import { Link, useParams } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { Card } from '../../../components/Card';
import { Page } from '../../../components/Page';
import { EmptyState, LoadingState } from '../../../components/States';
import { useCurrentSession } from '../../../lib/session/hooks';
import { ReviewReplyPanel } from '../components/ReviewReplyPanel';

/** One review with its draft reply: where a bad-review alert leads, and any review's own reply screen. */
export default function ReviewReplyPage() {
  const session = useCurrentSession();
  const { id = '' } = useParams();
  if (!session) return <LoadingState />;
  const reviewId = /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= ID_MAX ? Number(id) : 0;
  return (
    <Page
      title="Reply to a review"
      lead={
        <>
          The draft is written from the review in your voice (Settings › Reviews): edit it, then post it. All reviews are under{' '}
          <Link to={pathFor('analyze-reviews-customer-reviews')}>Reviews</Link> and <Link to={pathFor('analyze-reviews-social-reviews')}>Social Reviews</Link>.
        </>
      }
    >
      <Card>
        {reviewId ? (
          <ReviewReplyPanel key={`${session.location.location_id}-${reviewId}`} locationId={session.location.location_id} reviewId={reviewId} timeZone={session.location.time_zone} />
        ) : (
          <EmptyState title={REPLY_MSG.reviewNotFound} />
        )}
      </Card>
    </Page>
  );
}
