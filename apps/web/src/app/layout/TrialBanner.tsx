import { useMutation } from '@tanstack/react-query';
import { PRODUCT, sessionApi, type LocationItem } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { useToast } from '../../components/Toast';
import { callWithMessage } from '../../lib/api';
import { isLiteTrial } from '../../lib/session/subject';
import { pathFor } from '../../config/routes';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The free-trial banner. Days and pulseChecks left come from the server. Sending starts the trial wizard
 * at its first step; with nothing left to send the way forward is a plan.
 */
export function TrialBanner({ location, className }: { location: LocationItem; className?: string }) {
  const toast = useToast();
  const contactSales = useMutation({
    mutationFn: () => callWithMessage(sessionApi.upgradeRequest, { body: { type: 'plan' } }),
    onSuccess: (result) => toast.show({ tone: 'success', title: result.message ?? 'Request sent' }),
    onError: (error) => toast.show({ tone: 'error', title: 'Error', description: error.message }),
  });
  const plans = pathFor('settings-billing-subscriptions');

  if (isLiteTrial(location)) {
    return (
      <Banner
        className={className}
        title={`You are on the ${PRODUCT.name} Lite free trial`}
        actions={
          <>
            {!location.google_connected && (
              <Link to={pathFor('settings-general-connect-social-media')} className={buttonClass('secondary', 'sm')}>
                Connect to Google
              </Link>
            )}
            <Link to={plans} className={buttonClass('primary', 'sm')}>
              Upgrade
            </Link>
          </>
        }
      >
        Upgrade to text pulseChecks to your customers, message them and unlock every report.
      </Banner>
    );
  }

  if (location.free_trial_days <= 0) {
    return (
      <Banner
        className={className}
        tone="warning"
        title="Your free trial ended"
        actions={
          <>
            <Link to={plans} className={buttonClass('primary', 'sm')}>
              Buy
            </Link>
            <Button variant="secondary" size="sm" loading={contactSales.isPending} onClick={() => contactSales.mutate()}>
              Contact Sales
            </Button>
          </>
        }
      >
        Choose a plan to keep collecting feedback and reviews.
      </Banner>
    );
  }

  return (
    <Banner
      className={className}
      title={`${plural(location.free_trial_days, 'day', 'days')} left in your free trial`}
      actions={
        <>
          {location.pcheck_count > 0 && (
            <Link to={pathFor('wizard-preview-pulsecheck')} className={buttonClass('primary', 'sm')}>
              Send pulseChecks
            </Link>
          )}
          <Link to={plans} className={buttonClass('secondary', 'sm')}>
            Upgrade
          </Link>
        </>
      }
    >
      {location.pcheck_count > 0
        ? `You can still send ${plural(location.pcheck_count, 'pulseCheck', 'pulseChecks')} to your customers.`
        : 'You have sent all the pulseChecks of your trial.'}
    </Banner>
  );
}
