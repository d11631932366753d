import { useNavigate, useParams } from 'react-router-dom';
import { PRODUCT, type billingApi, type EndpointData } from '@kudo/shared';
import { pathFor } from '../../../config/routes';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCheckout, useConfirmCheckout, useRefreshEntitlements } from '../api/billing';
import { money } from '../utils/money';
import styles from './CheckoutPage.module.css';

type Order = EndpointData<typeof billingApi.loadCheckout>['order'];

const lineColumns = (term: Order['term']): Column<Order['lines'][number]>[] => [
  { id: 'item', header: 'Item', cell: (line) => line.label },
  {
    id: 'price',
    header: 'Price',
    align: 'end',
    cell: (line) => `${money(line.price)}${line.kind === 'setup' ? ' once' : term === 'month' ? '/month' : '/year'}`,
  },
];

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
            <DataTable
              label="Order"
              caption={o.term === 'month' ? 'Billed monthly' : 'Billed yearly'}
              columns={lineColumns(o.term)}
              rows={o.lines}
              rowKey={(line) => `${line.kind}-${line.label}`}
              totals={{ item: 'Total due today', price: money(o.total) }}
            />
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
