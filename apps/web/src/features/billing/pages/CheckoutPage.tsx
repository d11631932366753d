import { useNavigate, useParams } from 'react-router-dom';
import { PRODUCT } from '@kudo/shared';
import { pathFor } from '../../../config/routes';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCheckout, useConfirmCheckout, useRefreshEntitlements } from '../api/billing';
import { money } from '../utils/money';
import styles from './CheckoutPage.module.css';

/** The built-in payment provider's checkout: the order, then Confirm, which changes the subscription. */
export default function CheckoutPage() {
  const { id = '' } = useParams();
  const order = useCheckout(id);
  const confirm = useConfirmCheckout(id);
  const refresh = useRefreshEntitlements();
  const navigate = useNavigate();
  const toast = useToast();

  const onConfirm = () =>
    confirm.mutate(undefined, {
      onSuccess: async ({ data }) => {
        await refresh();
        navigate(data.url);
      },
      onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
    });

  return (
    <Page title="Checkout" lead={`${PRODUCT.name} built-in checkout: no card is charged.`}>
      <QueryBoundary query={order}>
        {({ order: o }) => (
          <Card title={`Your order for ${o.location_name}`} className={styles.card}>
            <table className={styles.lines}>
              <caption className={styles.caption}>{o.term === 'month' ? 'Billed monthly' : 'Billed yearly'}</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {o.lines.map((line) => (
                  <tr key={`${line.kind}-${line.label}`}>
                    <td>{line.label}</td>
                    <td>
                      {money(line.price)}
                      {line.kind === 'setup' ? ' once' : o.term === 'month' ? '/month' : '/year'}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total due today</th>
                  <td>{money(o.total)}</td>
                </tr>
              </tfoot>
            </table>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => navigate(pathFor('settings-billing-subscriptions'))}>
                Back
              </Button>
              <Button loading={confirm.isPending} disabled={o.confirmed} onClick={onConfirm}>
                {o.confirmed ? 'Confirmed' : 'Confirm order'}
              </Button>
            </div>
          </Card>
        )}
      </QueryBoundary>
    </Page>
  );
}
