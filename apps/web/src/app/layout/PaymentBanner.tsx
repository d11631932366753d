import { useQuery } from '@tanstack/react-query';
import { billingApi, hasPermission, type AccessSubject } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { buttonClass } from '../../components/Button';
import { call } from '../../lib/api';
import { pathFor } from '../../config/routes';

const plural = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * A failed payment (with the days of grace left) or a canceled subscription, for those who can fix it.
 * The same query key as the billing screen's, so both read one answer.
 */
export function PaymentBanner({ locationId, subject, className }: { locationId: number; subject: AccessSubject; className?: string }) {
  const allowed = hasPermission(subject, 'settings') && !subject.freeTrial;
  const billing = useQuery({
    queryKey: ['billing', locationId, 'subscription'],
    queryFn: () => call(billingApi.loadSubscription),
    enabled: allowed,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const sub = billing.data?.subscription;
  if (!allowed || !sub) return null;
  const plans = pathFor('settings-billing-subscriptions');
  if (sub.status === 'past_due') {
    const days = sub.grace_days_left ?? 0;
    return (
      <Banner
        className={className}
        tone={days > 0 ? 'warning' : 'danger'}
        title={days > 0 ? `Your payment failed: ${plural(days)} of grace left` : 'Your payment failed: sending is paused'}
        actions={<Link to={plans} className={buttonClass('primary', 'sm')}>Update payment</Link>}
      >
        {days > 0
          ? 'Everything keeps working while we try the payment again. Update your payment method to avoid a pause in sending.'
          : 'Nothing was deleted. Update your payment method to send again.'}
      </Banner>
    );
  }
  if (sub.status === 'canceled') {
    return (
      <Banner className={className} tone="warning" title="Your subscription was canceled" actions={<Link to={plans} className={buttonClass('primary', 'sm')}>Choose a plan</Link>}>
        Sending is paused and add-ons are off. Nothing was deleted.
      </Banner>
    );
  }
  return null;
}
