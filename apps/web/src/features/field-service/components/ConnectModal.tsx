import { FIELD_SOURCE_LABELS } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors } from '../../../lib/forms';
import { useConnectProvider } from '../api/fieldService';
import styles from './FieldService.module.css';

type KeyProvider = 'housecall_pro' | 'servicetitan';

const FIELDS: Record<KeyProvider, { name: string; label: string; hint: string; secret?: boolean }[]> = {
  housecall_pro: [
    { name: 'api_key', label: 'API key', hint: 'Housecall Pro › App Store › API Key Management › Generate API Key.', secret: true },
    { name: 'signing_secret', label: 'Webhook signing secret', hint: 'Shown where the webhook is added in Housecall Pro.', secret: true },
  ],
  servicetitan: [
    { name: 'tenant_id', label: 'Tenant id', hint: "Your ServiceTitan tenant's number." },
    { name: 'client_id', label: 'Client id', hint: "From the app's credentials in ServiceTitan's developer portal." },
    { name: 'client_secret', label: 'Client secret', hint: "From the same place as the client id.", secret: true },
    { name: 'app_key', label: 'App key', hint: "The app's key in the developer portal." },
    { name: 'hmac_key', label: 'Webhook HMAC key', hint: 'The 32 to 64 characters entered for the V2 webhooks.', secret: true },
  ],
};

/** Connect Housecall Pro or ServiceTitan with the business's own keys (stored encrypted, never shown again). */
export function ConnectModal({ provider, onClose, locationId }: { provider: KeyProvider | null; onClose: () => void; locationId: number }) {
  const connect = useConnectProvider(locationId);
  const toast = useToast();
  const [values, setValues] = useState<Record<string, string>>({});
  const { errors, generalError, accept, clear } = useFormErrors(connect);

  const close = () => {
    if (connect.isPending) return;
    setValues({});
    clear();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!provider) return;
    const found: Record<string, string> = {};
    for (const f of FIELDS[provider]) if (!values[f.name]?.trim()) found[f.name] = `Enter the ${f.label.toLowerCase()}.`;
    if (!accept(found)) return;
    const body = { provider, ...values } as Parameters<typeof connect.mutate>[0];
    connect.mutate(body, {
      onSuccess: ({ message }) => {
        toast.show({ tone: 'success', title: message ?? 'Connected.', description: FIELD_SOURCE_LABELS[provider] });
        setValues({});
        clear();
        onClose();
      },
    });
  };

  return (
    <Modal
      open={provider !== null}
      onOpenChange={(open) => !open && close()}
      title={provider ? `Connect ${FIELD_SOURCE_LABELS[provider]}` : 'Connect'}
      description="The keys are checked for form, stored encrypted and never shown again."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={connect.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="field-connect-form" loading={connect.isPending}>
            Connect
          </Button>
        </>
      }
    >
      <form id="field-connect-form" className={styles.form} onSubmit={onSubmit} noValidate>
        {generalError && (
          <Banner tone="danger" title="Oops!">
            {generalError}
          </Banner>
        )}
        {provider &&
          FIELDS[provider].map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              type={f.secret ? 'password' : 'text'}
              autoComplete="off"
              value={values[f.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              error={errors[f.name]}
              hint={f.hint}
            />
          ))}
      </form>
    </Modal>
  );
}
