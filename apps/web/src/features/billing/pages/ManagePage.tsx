import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@kudo/shared';
import { pathFor } from '../../../config/routes';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useBillingSubscription, useCancelSubscription } from '../api/billing';

/** The built-in provider's subscription page (Stripe customers get Stripe's portal instead). */
export default function ManagePage() {
  const subscription = useBillingSubscription();
  const cancel = useCancelSubscription();
  const navigate = useNavigate();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  return (
    <Page title="Manage subscription">
      <QueryBoundary query={subscription}>
        {({ subscription: sub, manageable }) => (
          <Card title="Your Subscription">
            <p>
              {manageable
                ? `${sub.plan?.name ?? 'Your plan'}, billed ${sub.term === 'month' ? 'monthly' : 'yearly'}.`
                : MSG.billingNoSubscription}
            </p>
            <Button variant="secondary" onClick={() => navigate(pathFor('settings-billing-subscriptions'))}>
              Back to Billing
            </Button>{' '}
            {manageable && (
              <Button variant="danger" onClick={() => setAsking(true)}>
                Cancel subscription
              </Button>
            )}
            <ConfirmDialog
              open={asking}
              onOpenChange={setAsking}
              title="Cancel your subscription?"
              message="Add-ons stop and sending pauses at once. Nothing is deleted; choose a plan again at any time."
              tone="danger"
              busy={cancel.isPending}
              confirmLabel="Cancel subscription"
              cancelLabel="Keep it"
              onConfirm={() =>
                cancel.mutate(undefined, {
                  onSuccess: ({ message }) => {
                    setAsking(false);
                    toast.show({ tone: 'success', title: message ?? MSG.billingCanceled });
                    navigate(pathFor('settings-billing-subscriptions'));
                  },
                  onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
                })
              }
            />
          </Card>
        )}
      </QueryBoundary>
    </Page>
  );
}
