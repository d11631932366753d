import { useMemo, useState } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { SearchIcon } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { Switch } from '../../../components/Switch';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { OperateTabs } from '../components/OperateTabs';
import { useBoost, useDispatchCampaigns, useSaveBoost } from '../api/dispatch';
import { DispatchRow } from '../components/DispatchRow';
import { BulkSendModal } from '../components/BulkSendModal';
import { useLatestBulk } from '../api/bulk';
import { openBulkJob, rememberOpenBulkJob } from '../utils/bulkOpen';
import styles from './DispatchPage.module.css';

const BOOST_TIP = 'Automatically send a follow-up pulseCheck to customers who have not yet responded.';

function BoostToggle() {
  const boost = useBoost();
  const save = useSaveBoost();
  const toast = useToast();
  if (!boost.data?.available) return null;
  return (
    <span className={styles.boost} title={BOOST_TIP}>
      <Switch
        label="Kudo Boost"
        checked={boost.data.enabled}
        onCheckedChange={(v) => save.mutate(v, { onError: (e) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(e) }) })}
      />
      <span className="visually-hidden">{BOOST_TIP}</span>
    </span>
  );
}

/** Operate › Dispatch: send a technician's bio or a pulseCheck to a customer, one campaign per row. */
export default function DispatchPage() {
  const campaigns = useDispatchCampaigns();
  const [query, setQuery] = useState('');
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkJob, setBulkJob] = useState<number | null>(null);
  const [seenLatest, setSeenLatest] = useState(false);
  const latest = useLatestBulk();
  // A bulk send still running when the page was left (or reloaded) opens again where it is; one this tab
  // was showing opens again after a reload even when it finished meanwhile.
  const resumable =
    !seenLatest && latest.data && (latest.data.status !== 'done' || latest.data.id === openBulkJob()) ? latest.data.id : null;
  const jobId = bulkJob ?? resumable;
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (campaigns.data?.accountCampaigns ?? []).filter(
      (c) => !q || c.name.toLowerCase().includes(q) || c.department.toLowerCase().includes(q),
    );
  }, [campaigns.data, query]);

  return (
    <Page title="Dispatch" lead="Send a technician's bio before a visit, or a pulseCheck after it." actions={<BoostToggle />}>
      <OperateTabs />
      <div className={styles.toolbar}>
        <TextField
          label="Search campaigns"
          hideLabel
          placeholder="Search by name or department"
          leading={<SearchIcon />}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className={styles.search}
        />
        <Button variant="secondary" onClick={() => setBulkOpen(true)} disabled={!campaigns.data}>
          Send to Multiple Customers
        </Button>
      </div>
      <BulkSendModal
        open={bulkOpen || resumable !== null}
        onOpenChange={(open) => {
          setSeenLatest(true);
          if (resumable !== null && bulkJob === null) setBulkJob(resumable);
          if (!open) rememberOpenBulkJob(null);
          setBulkOpen(open);
        }}
        campaigns={campaigns.data?.accountCampaigns ?? []}
        jobId={jobId}
        onJob={(id) => {
          setSeenLatest(true);
          rememberOpenBulkJob(id);
          setBulkJob(id);
        }}
      />
      <Card flush>
        <QueryBoundary
          query={campaigns}
          isEmpty={() => rows.length === 0}
          empty={{ title: 'No campaigns found', description: query ? 'Try another name or department.' : 'Create a campaign in Settings › Dispatch › Campaigns.' }}
        >
          {() => (
            <ul className={styles.list} aria-label="Campaigns">
              {rows.map((c) => (
                <DispatchRow key={c.uid} campaign={c} />
              ))}
            </ul>
          )}
        </QueryBoundary>
      </Card>
    </Page>
  );
}
