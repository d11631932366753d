import type { ApiKeyItem } from '@kudo/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { pathFor } from '../../../config/routes';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { LoadingState } from '../../../components/States';
import { defaultTableState, type TableState } from '../../../components/tableState';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useApiKeys, useRevokeApiKey } from '../api/apiKeys';
import { CreateApiKeyModal } from '../components/CreateApiKeyModal';
import styles from '../components/Integrations.module.css';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

function ApiKeys({ locationId }: { locationId: number }) {
  const keys = useApiKeys(locationId);
  const revoke = useRevokeApiKey(locationId);
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<ApiKeyItem | null>(null);
  const [state, setState] = useState<TableState>(() => defaultTableState());

  const columns = useMemo<Column<ApiKeyItem>[]>(
    () => [
      { id: 'name', header: 'Name', cell: (k) => k.name },
      { id: 'prefix', header: 'Key', cell: (k) => <code className={styles.code}>{k.prefix}…</code> },
      {
        id: 'scopes',
        header: 'Scopes',
        cell: (k) => (
          <ul className={styles.tags}>
            {k.scopes.map((s) => (
              <li key={s} className={styles.tag}>
                {s}
              </li>
            ))}
          </ul>
        ),
      },
      { id: 'created', header: 'Created', cell: (k) => `${when(k.created_at)}${k.created_by ? ` by ${k.created_by}` : ''}` },
      { id: 'used', header: 'Last used', cell: (k) => when(k.last_used_at) },
      {
        id: 'actions',
        header: 'Actions',
        align: 'end',
        cell: (k) => (
          <Button variant="secondary" size="sm" aria-label={`Revoke ${k.name}`} onClick={() => setConfirming(k)}>
            Revoke
          </Button>
        ),
      },
    ],
    [],
  );

  const doRevoke = (k: ApiKeyItem) =>
    revoke.mutate(k.id, {
      onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? 'API key revoked.', description: k.name }),
      onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
      onSettled: () => setConfirming(null),
    });

  return (
    <SettingsFrame
      section="settings-integrations"
      title="API keys"
      lead={
        <>
          Keys let your other systems send review requests and read reviews through the Kudo API. See{' '}
          <Link to={pathFor('settings-integrations-api-docs')}>API docs</Link> for the calls.
        </>
      }
      actions={<Button onClick={() => setCreating(true)}>Create API key</Button>}
    >
      <Card flush>
        <DataTable
          label="API keys"
          columns={columns}
          query={{ ...keys, data: keys.data ? { rows: keys.data, total: keys.data.length } : undefined }}
          rowKey={(k) => k.id}
          state={state}
          onStateChange={setState}
          paged={false}
          empty={{
            title: 'No API keys yet',
            description: 'Create a key to connect a field-service system, a website or an automation tool.',
            actions: <Button onClick={() => setCreating(true)}>Create API key</Button>,
          }}
        />
      </Card>
      <CreateApiKeyModal open={creating} onOpenChange={setCreating} locationId={locationId} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Revoke API key?"
        message={confirming ? `Calls with “${confirming.name}” (${confirming.prefix}…) will be refused from now on. This cannot be undone.` : ''}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => confirming && doRevoke(confirming)}
      />
    </SettingsFrame>
  );
}

/** Settings › Integrations › API keys (Owner and Admin). */
export default function ApiKeysPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <ApiKeys key={session.location.location_id} locationId={session.location.location_id} />;
}
