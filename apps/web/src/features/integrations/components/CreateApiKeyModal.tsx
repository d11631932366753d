import { API_KEY_LIMITS, API_KEY_MSG, API_SCOPE_INFO, API_SCOPES, type ApiScope } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { ChoiceFieldset } from '../../../components/ChoiceFieldset';
import { CopyField } from '../../../components/CopyField';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { useFormErrors, type FieldErrors } from '../../../lib/forms';
import { useCreateApiKey } from '../api/apiKeys';
import styles from './Integrations.module.css';

/**
 * Create API key: a name and the scopes, then the key itself, shown this once with a Copy button. Closing
 * the dialog forgets it.
 */
export function CreateApiKeyModal({ open, onOpenChange, locationId }: { open: boolean; onOpenChange: (open: boolean) => void; locationId: number }) {
  const create = useCreateApiKey(locationId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [made, setMade] = useState<{ key: string; name: string } | null>(null);
  const { errors, generalError, accept, clear } = useFormErrors(create);

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      setName('');
      setScopes([]);
      setMade(null);
      clear();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > API_KEY_LIMITS.nameMax) found.name = API_KEY_MSG.name;
    if (scopes.length === 0) found.scopes = API_KEY_MSG.scopes;
    if (!accept(found)) return;
    create.mutate({ name: trimmed, scopes }, { onSuccess: ({ data }) => setMade({ key: data.key, name: data.name }) });
  };

  if (made) {
    return (
      <Modal
        open={open}
        onOpenChange={close}
        title="Your new API key"
        description="Copy it now and keep it somewhere safe: it is shown only this once. Anyone with it can act for this location within its scopes."
        footer={<Button onClick={() => close(false)}>Done</Button>}
      >
        <div className={styles.form}>
          <CopyField label={`API key “${made.name}”`} value={made.key} noun="key" />
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Create API key"
      description="The key acts for this location only, with the scopes you choose."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="create-api-key-form" loading={create.isPending}>
            Create key
          </Button>
        </>
      }
    >
      <form id="create-api-key-form" className={styles.form} onSubmit={onSubmit} noValidate>
        {generalError && (
          <Banner tone="danger" title="Oops!">
            {generalError}
          </Banner>
        )}
        <TextField
          label="Name"
          value={name}
          maxLength={API_KEY_LIMITS.nameMax}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          hint="What uses it, e.g. “Field app” or “Zapier”. Sends it makes show this name in Operate › Activity."
          autoFocus
        />
        <ChoiceFieldset
          legend="Scopes"
          idPrefix="api-key-scope"
          choices={API_SCOPES.map((scope) => ({ value: scope, ...API_SCOPE_INFO[scope] }))}
          selected={scopes}
          onChange={setScopes}
          error={errors.scopes}
        />
      </form>
    </Modal>
  );
}
