import { useState } from 'react';
import { Link } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { Button, buttonClass } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Modal } from '../../../components/Modal';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { SelectField } from '../../../components/SelectField';
import { LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useCreditCampaigns } from '../api/reviews';
import { useChangeCredit, useReply, useSocialReviews, type PageCursor, type SocialView } from '../api/socialReviews';
import { ReportModal } from '../components/ReportModal';
import { SocialReviewCard } from '../components/SocialReviewCard';
import styles from '../components/SocialReviews.module.css';

const VIEWS = [
  { value: 'needs_credit', label: 'Reviews needing credit' },
  { value: 'all', label: 'All social reviews' },
] as const satisfies readonly { value: SocialView; label: string }[];

function SocialReviews({ locationId, timeZone }: { locationId: number; timeZone: string }) {
  const [view, setView] = useState<SocialView>('needs_credit');
  const [cursor, setCursor] = useState<PageCursor>({});
  const [reporting, setReporting] = useState(false);
  const [creditError, setCreditError] = useState<string | null>(null);
  const list = { view, cursor };
  const reviews = useSocialReviews(locationId, list);
  const campaigns = useCreditCampaigns(locationId);
  const credit = useChangeCredit(locationId, list);
  const reply = useReply(locationId, list);
  const [replyError, setReplyError] = useState<{ id: number; message: string } | null>(null);

  const change = (reviewId: number, campaignUid: string, remove: boolean, methods: Parameters<typeof credit.mutate>[0]['methods']) =>
    credit.mutate({ reviewId, campaignUid, remove, methods }, { onError: (err) => setCreditError(errorMessage(err)) });

  return (
    <Page title="Reviews">
      <Card
        title="Social Reviews"
        description="Your Google and Facebook reviews: give the technicians they are about the credit."
        actions={
          <Button variant="secondary" onClick={() => setReporting(true)}>
            Export to Excel
          </Button>
        }
      >
        <div className={styles.toolbar}>
          <SelectField
            label="Show"
            value={view}
            onChange={(next) => {
              setView(next);
              setCursor({});
            }}
            options={VIEWS}
          />
        </div>
        <QueryBoundary
          query={reviews}
          isEmpty={(page) => page.data.length === 0 && !page.cursor.has_before}
          empty={{ title: view === 'needs_credit' ? 'No reviews need credit.' : 'No reviews found...', description: view === 'needs_credit' ? 'Every Google and Facebook review has its credit.' : undefined }}
          errorActions={
            <Link className={buttonClass('primary', 'sm')} to={pathFor('settings-general-connect-social-media')}>
              Connect Google
            </Link>
          }
        >
          {(page) => (
            <>
              <div className={styles.reviews} aria-busy={reviews.isFetching || undefined}>
                {page.data.map((review) => (
                  <SocialReviewCard
                    key={review.id}
                    locationId={locationId}
                    review={review}
                    timeZone={timeZone}
                    campaigns={campaigns.data ?? []}
                    credit={{
                      busy: credit.isPending && credit.variables?.reviewId === review.id,
                      confirm: (uid) => change(review.id, uid, false, ['human']),
                      remove: (uid, methods) => change(review.id, uid, true, methods),
                    }}
                    reply={{
                      saving: reply.save.isPending && reply.save.variables?.id === review.id,
                      removing: reply.remove.isPending && reply.remove.variables === review.id,
                      error: replyError?.id === review.id ? replyError.message : null,
                      save: (comment, done) => {
                        setReplyError(null);
                        reply.save.mutate({ id: review.id, comment }, { onSuccess: done, onError: (err) => setReplyError({ id: review.id, message: errorMessage(err) }) });
                      },
                      remove: (done) => {
                        setReplyError(null);
                        reply.remove.mutate(review.id, {
                          onSuccess: done,
                          onError: (err) => {
                            done();
                            setReplyError({ id: review.id, message: errorMessage(err) });
                          },
                        });
                      },
                    }}
                  />
                ))}
              </div>
              <nav className={styles.pager} aria-label="Social review pages">
                <Button variant="secondary" size="sm" disabled={!page.cursor.has_before || !page.cursor.before} onClick={() => setCursor({ before: page.cursor.before ?? undefined })}>
                  Previous
                </Button>
                <Button variant="secondary" size="sm" disabled={!page.cursor.has_after || !page.cursor.after} onClick={() => setCursor({ after: page.cursor.after ?? undefined })}>
                  Next
                </Button>
              </nav>
            </>
          )}
        </QueryBoundary>
      </Card>
      <ReportModal open={reporting} onOpenChange={setReporting} />
      <Modal
        open={creditError !== null}
        onOpenChange={(open) => !open && setCreditError(null)}
        title="Error"
        size="sm"
        footer={<Button onClick={() => setCreditError(null)}>OK</Button>}
      >
        <p>{creditError}</p>
      </Modal>
    </Page>
  );
}

export default function SocialReviewsPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <SocialReviews key={session.location.location_id} locationId={session.location.location_id} timeZone={session.location.time_zone} />;
}
