import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG, type BillingTerm, type EndpointData, type billingApi } from '@kudo/shared';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { pathFor } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useBillingSubscription, useManageSubscription, usePaymentLink, usePlans, useRefreshEntitlements, useRequestUpgrade } from '../api/billing';
import { money, per, REQUEST_TYPE } from '../utils/money';
import styles from './BillingPage.module.css';

type Plans = EndpointData<typeof billingApi.loadPlans>;
type Subscription = EndpointData<typeof billingApi.loadSubscription>;

export default function BillingPage() {
  const plans = usePlans();
  const subscription = useBillingSubscription();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefreshEntitlements();
  const location = useLocation();
  const status = params.get('status');
  // The panel outlives the query: it is carried in the history entry that replaces the address.
  const notice = status ?? (location.state as { notice?: string } | null)?.notice ?? null;

  useEffect(() => {
    if (!status) return;
    // A purchase changes what the location may do: menus and guards read it again. Then the query goes.
    if (status === 'success') void refresh();
    navigate(pathFor('settings-billing-subscriptions'), { replace: true, state: { notice: status } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  const both = {
    isPending: plans.isPending || subscription.isPending,
    isError: plans.isError || subscription.isError,
    isFetching: plans.isFetching || subscription.isFetching,
    error: plans.error ?? subscription.error,
    data: plans.data && subscription.data ? { plans: plans.data, current: subscription.data } : undefined,
    refetch: () => Promise.all([plans.refetch(), subscription.refetch()]),
  };

  return (
    <SettingsFrame section="settings-billing">
      <nav aria-label="Billing" className={styles.tabs}>
        <Link to={pathFor('settings-billing-subscriptions')} aria-current="page" className={styles.tab}>
          Subscriptions
        </Link>
        {subscription.data?.paymentMethodURL && !subscription.data.is_franchise && (
          <a href={subscription.data.paymentMethodURL} className={styles.tab} target="_blank" rel="noreferrer">
            Payment method
          </a>
        )}
      </nav>
      {notice === 'success' && (
        <Banner tone="success" title="Upgrade successful!">
          Thank you! Your new plan and add-ons are active now.
        </Banner>
      )}
      {notice === 'requested' && (
        <Banner tone="success" title="Request received">
          {MSG.upgradeRequested}
        </Banner>
      )}
      <QueryBoundary query={both} errorTitle={MSG.billingLoadFailedTitle} errorMessage={() => MSG.billingLoadFailed}>
        {(data) => <Billing plans={data.plans} current={data.current} />}
      </QueryBoundary>
    </SettingsFrame>
  );
}

function Billing({ plans, current }: { plans: Plans; current: Subscription }) {
  const toast = useToast();
  const navigate = useNavigate();
  const sub = current.subscription;
  const paying = sub.status === 'active' || sub.status === 'past_due';
  const startTerm: BillingTerm = paying ? sub.term : 'year';
  const [term, setTerm] = useState<BillingTerm>(startTerm);
  const [plan, setPlan] = useState<string | null>(null);
  const [addons, setAddons] = useState<string[]>([]);
  const link = usePaymentLink();
  const request = useRequestUpgrade();
  const manage = useManageSubscription();
  const owned = useMemo(() => new Set(sub.addons.map((a) => a.product_code)), [sub.addons]);
  const currentPlan = paying ? plans.currentPlan : null;

  const catalogAddons = plans.addons;
  const termSwitched = term !== startTerm;
  const subtotal = useMemo(() => {
    const chosenPlan = plans.plans.find((p) => p.code === (plan ?? (termSwitched ? currentPlan : null)));
    const kept = termSwitched ? catalogAddons.filter((a) => owned.has(a.product_code)) : [];
    const added = catalogAddons.filter((a) => addons.includes(a.product_code));
    return (chosenPlan?.prices[term].price ?? 0) + [...kept, ...added].reduce((sum, a) => sum + a.prices[term].price, 0) + added.reduce((sum, a) => sum + (a.setup?.price ?? 0), 0);
  }, [plan, addons, term, termSwitched, plans, catalogAddons, currentPlan, owned]);
  const showSubtotal = (plan !== null || addons.length > 0 || termSwitched) && subtotal > 0;

  const toggleAddon = (code: string) => setAddons((list) => (list.includes(code) ? list.filter((c) => c !== code) : [...list, code]));

  const checkout = () => {
    const planCode = plan ?? (termSwitched ? currentPlan : null);
    const planPrice = plans.plans.find((p) => p.code === planCode)?.prices[term].id ?? null;
    const addonIds = catalogAddons.filter((a) => addons.includes(a.product_code)).map((a) => a.prices[term].id);
    link.mutate(
      { plan_price_id: planPrice, addon_price_ids: addonIds },
      {
        onSuccess: ({ url }) => (url.startsWith('/') ? navigate(url) : window.location.assign(url)),
        onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  const askUpgrade = (type: Parameters<typeof request.mutate>[0]) =>
    request.mutate(type, {
      onSuccess: () => navigate(`${pathFor('settings-billing-subscriptions')}?status=requested`),
      onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
    });

  const openManage = () =>
    manage.mutate(undefined, {
      onSuccess: ({ url }) => (url.startsWith('/') ? navigate(url) : window.location.assign(url)),
      onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
    });

  return (
    <div className={styles.layout}>
      {sub.trial && (
        <Card title="14-Day Free Trial">
          <p>
            {sub.free_trial_days > 0
              ? `${sub.free_trial_days} ${sub.free_trial_days === 1 ? 'day' : 'days'} and ${sub.pcheck_count} pulseChecks left. Choose a plan to keep everything when your trial ends.`
              : 'Your free trial has ended. Nothing was deleted: choose a plan to send again.'}
          </p>
        </Card>
      )}
      <Card title="Your Subscription" actions={current.manageable ? <Button variant="secondary" size="sm" loading={manage.isPending} onClick={openManage}>Manage subscription</Button> : undefined}>
        <dl className={styles.facts}>
          <dt>Status</dt>
          <dd>{STATUS_LABEL[sub.status]}</dd>
          <dt>Plan</dt>
          <dd>{sub.trial ? 'Free Trial' : (sub.plan?.name ?? 'None')}</dd>
          {paying && (
            <>
              <dt>Billed</dt>
              <dd>{sub.term === 'month' ? 'Monthly' : 'Yearly'}</dd>
            </>
          )}
          <dt>Add-ons</dt>
          <dd>{sub.addons.length ? catalogAddons.filter((a) => owned.has(a.product_code)).map((a) => a.name).join(', ') : 'None'}</dd>
          {sub.current_period_end && paying && (
            <>
              <dt>Renews</dt>
              <dd>{new Date(sub.current_period_end).toLocaleDateString('en-US', { dateStyle: 'medium' })}</dd>
            </>
          )}
        </dl>
      </Card>

      <div className={styles.termRow} role="group" aria-label="Billing term">
        {(['month', 'year'] as const).map((t) => (
          <button key={t} type="button" className={styles.termButton} aria-pressed={term === t} onClick={() => setTerm(t)}>
            {t === 'month' ? 'Monthly' : 'Yearly (save 15%)'}
          </button>
        ))}
      </div>

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className={styles.sectionTitle}>Plans</h2>
        <ul className={styles.cards}>
          {plans.plans.map((p) => {
            const isCurrent = p.code === currentPlan;
            const selected = plan === p.code;
            return (
              <li key={p.code} className={styles.planCard} data-selected={selected || undefined} aria-label={p.name}>
                <h3>{p.name}</h3>
                <p className={styles.description}>{p.description}</p>
                {p.custom ? (
                  <>
                    <p className={styles.price}>Custom quote</p>
                    <p>
                      Call us at <a href={`tel:${plans.sales_phone.replace(/[^\d+]/g, '')}`}>{plans.sales_phone}</a>
                    </p>
                  </>
                ) : (
                  <>
                    <p className={styles.price}>
                      {money(p.prices[term].price)}
                      <span>{per(term)}</span>
                    </p>
                    <p className={styles.limit}>Up to {p.max_campaign} technicians</p>
                    {plans.custom_pricing ? (
                      <Button variant="secondary" size="sm" loading={request.isPending} onClick={() => askUpgrade('plan')}>
                        Request Upgrade
                      </Button>
                    ) : isCurrent && !termSwitched ? (
                      <span className={styles.badge}>{sub.status === 'active' ? 'Active' : 'Subscribed'}</span>
                    ) : (
                      <Button variant={selected ? 'primary' : 'secondary'} size="sm" aria-pressed={selected} onClick={() => setPlan(selected ? null : p.code)}>
                        {selected ? 'Selected' : 'Select'}
                      </Button>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="addons-heading">
        <h2 id="addons-heading" className={styles.sectionTitle}>Add-ons</h2>
        <ul className={styles.cards}>
          {catalogAddons.map((a) => {
            const has = owned.has(a.product_code);
            const added = addons.includes(a.product_code);
            return (
              <li key={a.product_code} className={styles.planCard} data-selected={added || undefined} aria-label={a.name}>
                <h3>{a.name}</h3>
                <p className={styles.description}>{a.description}</p>
                <p className={styles.price}>
                  {money(a.prices[term].price)}
                  <span>{per(term)}</span>
                </p>
                {a.setup && <p className={styles.limit}>{money(a.setup.price)} one-time setup</p>}
                {has ? (
                  <span className={styles.badge}>Subscribed</span>
                ) : plans.custom_pricing ? (
                  <Button variant="secondary" size="sm" loading={request.isPending} onClick={() => askUpgrade(REQUEST_TYPE[a.product_code as keyof typeof REQUEST_TYPE] ?? 'plan')}>
                    Request Upgrade
                  </Button>
                ) : (
                  <Button variant={added ? 'primary' : 'secondary'} size="sm" aria-pressed={added} onClick={() => toggleAddon(a.product_code)}>
                    {added ? 'Added' : 'Add to order'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      {showSubtotal && !plans.custom_pricing && (
        <Card title="Subtotal" aria-label="Subtotal" className={styles.subtotal}>
          <p className={styles.total} aria-live="polite">
            {money(subtotal)} <span>{term === 'month' ? 'billed monthly' : 'billed yearly'}</span>
          </p>
          <Button loading={link.isPending} onClick={checkout}>
            {sub.trial ? 'Checkout' : 'Upgrade'}
          </Button>
        </Card>
      )}
    </div>
  );
}

const STATUS_LABEL: Record<Subscription['subscription']['status'], string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
};
