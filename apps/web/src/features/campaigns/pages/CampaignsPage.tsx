import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG, type CampaignItem } from '@kudo/shared';
import { pathFor } from '../../../config/routes';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dropdown, DropdownItem, DropdownSeparator } from '../../../components/DropdownMenu';
import { ChevronDownIcon, SearchIcon } from '../../../components/icons';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useCampaignPlan, useCampaigns, useDeleteCampaign, useEditCampaign } from '../api/campaigns';
import { CampaignModal } from '../components/CampaignModal';
import { DefaultsModal } from '../components/DefaultsModal';
import { FieldOpsModal } from '../components/FieldOpsModal';
import { PreviewModal } from '../components/PreviewModal';
import { filterCampaigns } from '../utils/search';
import styles from './CampaignsPage.module.css';

/** Settings › Dispatch › Campaigns: one campaign per technician or department. */
export default function CampaignsPage() {
  const campaigns = useCampaigns();
  const plan = useCampaignPlan();
  const del = useDeleteCampaign();
  const edit = useEditCampaign();
  const toast = useToast();
  const [search, setSearch] = useState('');
  // The modal being shown: creating (null campaign) or editing one; a key remounts the form for each opening.
  const [editing, setEditing] = useState<{ campaign: CampaignItem | null; key: number } | null>(null);
  const [defaultsOpen, setDefaultsOpen] = useState(false);
  const [deleting, setDeleting] = useState<CampaignItem | null>(null);
  const [previewing, setPreviewing] = useState<CampaignItem | null>(null);
  const [inviting, setInviting] = useState<CampaignItem | null>(null);

  const list = campaigns.data?.campaigns;
  const shown = useMemo(() => filterCampaigns(list ?? [], search), [list, search]);
  const departments = useMemo(() => [...new Set((list ?? []).map((c) => c.department))].sort(), [list]);
  const max = plan.data?.plan.max_campaign;
  const count = list?.length ?? plan.data?.campaign_count ?? 0;
  const atLimit = max !== undefined && count >= max;

  const remove = async () => {
    if (!deleting) return;
    try {
      const res = await del.mutateAsync(deleting.uid);
      toast.show({ title: res.message ?? 'Campaign deleted.', tone: 'success' });
      setDeleting(null);
    } catch (e) {
      toast.show({ title: 'Error', description: e instanceof Error ? e.message : MSG.somethingWentWrong, tone: 'error' });
    }
  };

  const makeDefault = async (c: CampaignItem) => {
    try {
      await edit.mutateAsync({
        uid: c.uid,
        id: c.id,
        name: c.name,
        description: c.description,
        department: c.department,
        image: c.image,
        license: c.license,
        email: c.email,
        yt_url: c.yt_url,
        pcheck_sms_template: c.pcheck_sms_template,
        bio_sms_template: c.bio_sms_template,
        pcheck_email_template: c.pcheck_email_template,
        bio_email_template: c.bio_email_template,
        is_default: true,
      });
      toast.show({ title: `${c.name} is now the default campaign.`, tone: 'success' });
    } catch (e) {
      toast.show({ title: 'Error', description: e instanceof Error ? e.message : MSG.somethingWentWrong, tone: 'error' });
    }
  };

  const actions = (
    <>
      <Button variant="secondary" onClick={() => setDefaultsOpen(true)} disabled={!campaigns.data}>
        Edit Defaults
      </Button>
      <Button
        onClick={() => setEditing({ campaign: null, key: Date.now() })}
        disabled={!campaigns.data || !plan.data || atLimit}
        title={atLimit ? 'Your plan allows no more campaigns' : undefined}
      >
        Create Campaign
      </Button>
    </>
  );

  const content = (
    <QueryBoundary
      query={campaigns}
      loadingLabel="Loading campaigns…"
      isEmpty={(d) => d.campaigns.length === 0}
      empty={{
        title: 'No campaigns yet',
        description: 'Create a campaign for each technician or department: customers rate them and see their bio.',
        actions: (
          <Button onClick={() => setEditing({ campaign: null, key: Date.now() })} disabled={!plan.data || atLimit}>
            Create Campaign
          </Button>
        ),
      }}
    >
      {() => (
          <section className={styles.card} aria-label="Campaign list">
            {shown.length === 0 ? (
              <EmptyState compact description={`No campaign matches “${search.trim()}”.`} />
            ) : (
              <ul className={styles.list} aria-label="Campaigns">
                {shown.map((c) => (
                  <li key={c.uid} className={c.is_default ? `${styles.row} ${styles.default}` : styles.row} aria-label={c.name}>
                    <img className={styles.avatar} src={c.image} alt="" width={48} height={48} loading="lazy" />
                    <div className={styles.main}>
                      <p className={styles.name}>
                        {c.name}
                        {c.is_default && <span className={styles.badge}>Default</span>}
                      </p>
                      <p className={styles.meta}>
                        <span>{c.department}</span>
                        {c.id && <span>ID {c.id}</span>}
                        {c.license && <span>License {c.license}</span>}
                        {c.social_media_count > 0 && (
                          <span>
                            {c.social_media_count} own link{c.social_media_count === 1 ? '' : 's'}
                          </span>
                        )}
                      </p>
                    </div>
                    <div className={styles.actions}>
                      <Button size="sm" variant="secondary" onClick={() => setPreviewing(c)} aria-label={`Preview ${c.name}`}>
                        Preview
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setEditing({ campaign: c, key: Date.now() })} aria-label={`Edit ${c.name}`}>
                        Edit
                      </Button>
                      <Dropdown
                        align="end"
                        label={`More actions for ${c.name}`}
                        trigger={
                          <Button size="sm" variant="ghost" aria-label={`More actions for ${c.name}`}>
                            More <ChevronDownIcon size={14} />
                          </Button>
                        }
                      >
                        <DropdownItem onSelect={() => setInviting(c)}>FieldOps invite</DropdownItem>
                        {!c.is_default && <DropdownItem onSelect={() => void makeDefault(c)}>Make default</DropdownItem>}
                        {!c.is_default && (
                          <>
                            <DropdownSeparator />
                            <DropdownItem tone="danger" onSelect={() => setDeleting(c)}>
                              Delete
                            </DropdownItem>
                          </>
                        )}
                      </Dropdown>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
      )}
    </QueryBoundary>
  );

  return (
    <SettingsFrame section="settings-dispatch" actions={actions}>
      <div className={styles.toolbar}>
        <TextField
          className={styles.search}
          label="Search campaigns"
          hideLabel
          type="search"
          placeholder="Search by name or department"
          leading={<SearchIcon />}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {plan.isError && (
          <p className={styles.usage} role="alert">
            Could not load your plan's campaign limit.{' '}
            <Button size="sm" variant="ghost" onClick={() => void plan.refetch()} loading={plan.isFetching}>
              Retry
            </Button>
          </p>
        )}
        {max !== undefined && (
          <p className={styles.usage} aria-live="polite">
            <strong>
              {count} of {max}
            </strong>{' '}
            campaigns on the {plan.data?.plan.name} plan
          </p>
        )}
      </div>
      {atLimit && (
        <Banner tone="info">
          You have {count} of the {max} campaigns your plan allows. Delete a campaign to add another, or see{' '}
          <Link to={pathFor('settings-billing-subscriptions')}>Billing</Link> for larger plans.
        </Banner>
      )}
      {content}
      {editing && campaigns.data && (
        <CampaignModal
          key={editing.key}
          open
          onOpenChange={(o) => !o && setEditing(null)}
          campaign={editing.campaign}
          departments={departments}
          accountTemplates={campaigns.data.accountTemplates}
        />
      )}
      {defaultsOpen && campaigns.data && (
        <DefaultsModal
          open
          onOpenChange={setDefaultsOpen}
          templates={campaigns.data.accountTemplates}
          globalTemplates={campaigns.data.globalTemplates}
        />
      )}
      <PreviewModal uid={previewing?.uid ?? null} name={previewing?.name ?? ''} onClose={() => setPreviewing(null)} />
      <FieldOpsModal campaign={inviting} onClose={() => setInviting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && !del.isPending && setDeleting(null)}
        title="Delete this campaign?"
        message={
          deleting
            ? `${deleting.name} will no longer be offered for pulseChecks. Its past pulseChecks stay in your reports.`
            : ''
        }
        confirmLabel="Delete Campaign"
        tone="danger"
        busy={del.isPending}
        onConfirm={() => void remove()}
      />
    </SettingsFrame>
  );
}
