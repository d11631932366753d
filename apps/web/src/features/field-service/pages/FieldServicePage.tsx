import { FIELD_LIMITS, FIELD_SKIP_LABELS, FIELD_SOURCE_LABELS, type FieldConnectorItem, type FieldJobItem, type FieldTechnicianItem } from '@kudo/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { pathFor } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { CopyField } from '../../../components/CopyField';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { SelectField } from '../../../components/SelectField';
import { LoadingState } from '../../../components/States';
import { defaultTableState, type TableState } from '../../../components/tableState';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import {
  useDisconnectProvider,
  useFieldJobs,
  useFieldService,
  useFieldTechnicians,
  useRegenerateJobWebhook,
  useSaveTechnician,
  useStartJobber,
} from '../api/fieldService';
import { ConnectModal } from '../components/ConnectModal';
import styles from '../components/FieldService.module.css';
import { TestJobModal } from '../components/TestJobModal';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

const HOW: Record<FieldConnectorItem['provider'], string> = {
  jobber: "Connect with Jobber's sign-in. Jobber's JOB_CLOSED events arrive at the address below on their own.",
  housecall_pro: 'Enter your API key and the webhook signing secret, then add the address below as a webhook for job completed in Housecall Pro.',
  servicetitan: "Enter your tenant, the app's credentials and the HMAC key, then give the address below as the callback URL of the job-completed event.",
};

function Connector({ c, locationId, onConnect }: { c: FieldConnectorItem; locationId: number; onConnect: (p: 'housecall_pro' | 'servicetitan') => void }) {
  const start = useStartJobber(locationId);
  const disconnect = useDisconnectProvider(locationId);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const name = FIELD_SOURCE_LABELS[c.provider];
  const connect = () => {
    if (c.provider !== 'jobber') return onConnect(c.provider);
    start.mutate(undefined, {
      onSuccess: (data) => {
        if (data.url) window.location.assign(data.url);
        else toast.show({ tone: 'success', title: 'Connected.', description: `${name}: a demo account (this server has no Jobber app).` });
      },
      onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
    });
  };
  return (
    <Card className={styles.connector} aria-label={name}>
      <div className={styles.connectorHead}>
        <h3 className={styles.connectorName}>{name}</h3>
        <span className={`${styles.status} ${c.status === 'connected' ? styles.ok : styles.waiting}`}>
          {c.status === 'connected' ? 'Connected' : c.status === 'pending' ? 'Signing in…' : 'Not connected'}
        </span>
      </div>
      <p className={styles.muted}>{HOW[c.provider]}</p>
      {c.status === 'connected' && (
        <>
          <p className={styles.muted}>
            {c.account_name} · since {when(c.connected_at)}
          </p>
          {c.webhook_url && <CopyField label={`${name} webhook address`} value={c.webhook_url} noun="address" buttonLabel={`Copy ${name} webhook address`} />}
        </>
      )}
      <div className={styles.actions}>
        <Button variant={c.status === 'connected' ? 'secondary' : 'primary'} size="sm" onClick={connect} loading={start.isPending}>
          {c.status === 'connected' ? 'Connect again' : `Connect ${name}`}
        </Button>
        {c.status !== 'none' && (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${name}?`}
        message="Its keys are deleted and its jobs are no longer received. Jobs already listed stay."
        confirmLabel="Disconnect"
        busy={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(c.provider, {
            onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? 'Disconnected.', description: name }),
            onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}

const curlOf = (url: string) =>
  `curl -X POST '${url}' \\
  -H 'Content-Type: application/json' \\
  -d '{"job_id": "J-1042", "completed_at": "2026-11-27T16:30:00-06:00",
       "customer": {"name": "Jane Doe", "phone": "(512) 555-0142", "email": "jane@example.com"},
       "technician": {"employee_id": "EMP-1001"}, "tags": ["residential"]}'`;

function JobWebhook({ url, locationId }: { url: string; locationId: number }) {
  const regenerate = useRegenerateJobWebhook(locationId);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card title="Job webhook" description="For every other system (Zapier, Make, n8n, your own): POST each job done to this secret address. A job sent twice is handled once.">
      <div className={styles.stack}>
        <CopyField label="Job webhook address" value={url} noun="address" buttonLabel="Copy job webhook address" />
        <pre className={styles.curl} aria-label="Example with curl">
          {curlOf(url)}
        </pre>
        <p className={styles.muted}>
          job_id, completed_at (ISO 8601 with its offset), customer.name and a phone or an email are required; technician is an employee_id or a name;
          tags are optional. A wrong field answers 400 naming it.
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Make a new address
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Make a new address?"
        message="The current address stops working at once: update every system that posts to it."
        confirmLabel="Make a new address"
        busy={regenerate.isPending}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? 'New address made.' }),
            onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}

const BY = { mapping: 'chosen here', employee_id: 'by Employee ID', name: 'by name' } as const;

function Technicians({ locationId }: { locationId: number }) {
  const technicians = useFieldTechnicians(locationId);
  const save = useSaveTechnician(locationId);
  const toast = useToast();
  const [state, setState] = useState<TableState>(() => defaultTableState());
  const campaigns = technicians.data?.campaigns ?? [];
  const columns: Column<FieldTechnicianItem>[] = [
    { id: 'technician', header: 'Technician', cell: (t) => t.label },
    {
      id: 'campaign',
      header: 'Campaign',
      cell: (t) => (
        <SelectField
          label={`Campaign for ${t.label}`}
          hideLabel
          value={t.campaign_id ? String(t.campaign_id) : ''}
          options={[{ value: '', label: 'Find by Employee ID or name' }, ...campaigns.map((c) => ({ value: String(c.id), label: c.name }))]}
          disabled={save.isPending}
          onChange={(v) =>
            save.mutate(
              { key: t.key, label: t.label, campaign_id: v ? Number(v) : null },
              {
                onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? 'Saved.', description: t.label }),
                onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
              },
            )
          }
        />
      ),
    },
    { id: 'now', header: 'Jobs go to', cell: (t) => (t.resolved ? `${t.resolved.name} (${BY[t.resolved.by]})` : 'No campaign: jobs are skipped') },
  ];
  return (
    <Card flush title="Technicians" description="Each job's technician is matched to a campaign: the one chosen here, else the campaign with the same Employee ID, else the one with the same name.">
      <DataTable
        label="Technicians"
        columns={columns}
        query={{ ...technicians, data: technicians.data ? { rows: technicians.data.technicians, total: technicians.data.technicians.length } : undefined }}
        rowKey={(t) => t.key}
        state={state}
        onStateChange={setState}
        paged={false}
        empty={{ title: 'No technicians yet', description: 'The technicians of the jobs received are listed here.' }}
      />
    </Card>
  );
}

const STATUS: Record<FieldJobItem['status'], { label: string; tone: string }> = {
  scheduled: { label: 'Scheduled', tone: styles.waiting! },
  sending: { label: 'Sending', tone: styles.waiting! },
  sent: { label: 'Sent', tone: styles.ok! },
  failed: { label: 'Failed', tone: styles.bad! },
  skipped: { label: 'Skipped', tone: styles.waiting! },
};

function Activity({ locationId }: { locationId: number }) {
  const [state, setState] = useState<TableState>(() => defaultTableState({ pageSize: FIELD_LIMITS.activityPage }));
  const jobs = useFieldJobs(locationId, state.page);
  const columns: Column<FieldJobItem>[] = [
    { id: 'received', header: 'Received', cell: (j) => when(j.received_at) },
    { id: 'source', header: 'From', cell: (j) => FIELD_SOURCE_LABELS[j.source] },
    { id: 'job', header: 'Job', cell: (j) => <span className={styles.code}>{j.external_id}</span> },
    { id: 'customer', header: 'Customer', cell: (j) => (
      <>
        {j.customer}
        {j.contact && <div className={styles.muted}>{j.contact}</div>}
      </>
    ) },
    { id: 'technician', header: 'Technician', cell: (j) => (
      <>
        {j.technician ?? '—'}
        {j.campaign && <div className={styles.muted}>{j.campaign}</div>}
      </>
    ) },
    {
      id: 'status',
      header: 'Request',
      cell: (j) => (
        <>
          <span className={`${styles.status} ${STATUS[j.status].tone}`}>{STATUS[j.status].label}</span>
          {j.reason && <div className={styles.muted}>{FIELD_SKIP_LABELS[j.reason]}</div>}
          {j.status === 'scheduled' && j.scheduled_for && <div className={styles.muted}>for {when(j.scheduled_for)}</div>}
          {j.error && <div className={styles.muted}>{j.error}</div>}
        </>
      ),
    },
  ];
  return (
    <Card flush title="Jobs" description="Every job received, with its review request or why none was sent. Also in Logs › Api Tasks.">
      <DataTable
        label="Jobs received"
        columns={columns}
        query={{ ...jobs, data: jobs.data ? { rows: jobs.data.jobs, total: jobs.data.total } : undefined }}
        rowKey={(j) => j.id}
        state={state}
        onStateChange={(next) => setState({ ...next, pageSize: FIELD_LIMITS.activityPage })}
        pageSizes={[FIELD_LIMITS.activityPage]}
        empty={{ title: 'No jobs yet', description: 'Jobs done in your field-service software are listed here as they arrive. Send a test job to see one.' }}
      />
    </Card>
  );
}

function FieldService({ locationId }: { locationId: number }) {
  const load = useFieldService(locationId);
  const technicians = useFieldTechnicians(locationId);
  const [params] = useSearchParams();
  const [connecting, setConnecting] = useState<'housecall_pro' | 'servicetitan' | null>(null);
  const [testing, setTesting] = useState(false);
  const returned = params.get('connected');
  const failed = params.get('error');
  return (
    <SettingsFrame
      section="settings-integrations"
      title="Field service"
      lead={
        <>
          When a job is done in Jobber, Housecall Pro, ServiceTitan or any system that can post a webhook, Kudo asks the customer for a review by the{' '}
          <Link to={pathFor('settings-integrations-automatic-requests')}>automatic request rules</Link>.
        </>
      }
      actions={<Button onClick={() => setTesting(true)}>Test job</Button>}
    >
      <div className={styles.stack}>
        {returned === 'jobber' && <Banner tone="success" title="Jobber connected.">Its closed jobs now arrive here.</Banner>}
        {failed && (
          <Banner tone="danger" title="Jobber was not connected.">
            {failed}
          </Banner>
        )}
        <QueryBoundary query={load} isEmpty={() => false}>
          {(data) => (
            <>
              <section aria-labelledby="field-connectors-title" className={styles.stack}>
                <h2 id="field-connectors-title" className="visually-hidden">
                  Connectors
                </h2>
                <div className={styles.connectors}>
                  {data.connectors.map((c) => (
                    <Connector key={c.provider} c={c} locationId={locationId} onConnect={setConnecting} />
                  ))}
                </div>
              </section>
              <JobWebhook url={data.job_webhook_url} locationId={locationId} />
            </>
          )}
        </QueryBoundary>
        <Activity locationId={locationId} />
        <Technicians locationId={locationId} />
      </div>
      <ConnectModal provider={connecting} onClose={() => setConnecting(null)} locationId={locationId} />
      <TestJobModal open={testing} onOpenChange={setTesting} locationId={locationId} campaigns={technicians.data?.campaigns ?? []} />
    </SettingsFrame>
  );
}

/** Settings › Integrations › Field service (Owner and Admin). */
export default function FieldServicePage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <FieldService key={session.location.location_id} locationId={session.location.location_id} />;
}
