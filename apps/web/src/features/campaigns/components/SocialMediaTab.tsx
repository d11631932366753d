import { useState } from 'react';
import { CAMPAIGN_SOCIAL_SOURCES, isHttpUrl, MSG, SITE_LABELS, type CampaignSocialLink, type CampaignSocialSource } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SelectField } from '../../../components/SelectField';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { useCampaignSocialMedia, useCampaignSocialMutation } from '../api/campaigns';
import styles from './CampaignForms.module.css';

const SOURCE_LABELS: Record<CampaignSocialSource, string> = SITE_LABELS;

interface Draft {
  id: number | null;
  source: CampaignSocialSource;
  url: string;
  title: string;
}

const emptyDraft = (source: CampaignSocialSource): Draft => ({ id: null, source, url: '', title: '' });

/** A campaign's own review and social links; without any, the location's social media is used. */
export function SocialMediaTab({ uid }: { uid: string }) {
  return (
    <QueryBoundary query={useCampaignSocialMedia(uid)} compact loadingLabel="Loading links…">
      {(data) => <SocialLinks uid={uid} links={data.social_media} />}
    </QueryBoundary>
  );
}

function SocialLinks({ uid, links }: { uid: string; links: readonly CampaignSocialLink[] }) {
  const mutation = useCampaignSocialMutation(uid);
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<CampaignSocialLink | null>(null);
  const [clearAll, setClearAll] = useState(false);

  const used = new Set(links.filter((l) => l.source !== 'custom').map((l) => l.source));
  const freeSources = CAMPAIGN_SOCIAL_SOURCES.filter((s) => s === 'custom' || !used.has(s) || draft?.source === s);
  const usingDefaults = links.length === 0 && draft === null;

  const startAdd = () => {
    setErrors({});
    setDraft(emptyDraft(CAMPAIGN_SOCIAL_SOURCES.find((s) => s === 'custom' || !used.has(s)) ?? 'custom'));
  };

  const submit = async () => {
    if (!draft) return;
    const problems: Record<string, string> = {};
    if (!isHttpUrl(draft.url.trim())) problems.url = MSG.socialUrl;
    if (draft.source === 'custom' && !draft.title.trim()) problems.title = MSG.socialTitle;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const link = {
      source: draft.source,
      url: draft.url.trim(),
      ...(draft.source === 'custom' ? { metadata: { title: draft.title.trim() } } : {}),
      ...(draft.id ? { social_media_id: draft.id } : {}),
    };
    try {
      const res = await mutation.mutateAsync({ action: draft.id ? 'save' : 'add', link });
      toast.show({ title: res.message ?? MSG.socialAccountAdded, tone: 'success' });
      setDraft(null);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errors).length) {
        setErrors({ url: e.errors['social_media_url.url'] ?? '', title: e.errors['social_media_url.metadata.title'] ?? '' });
      }
      toast.show({ title: 'Error', description: e instanceof Error ? e.message : MSG.somethingWentWrong, tone: 'error' });
    }
  };

  const remove = async (ids: number[]) => {
    try {
      let message: string | undefined;
      for (const socialMediaId of ids) message = (await mutation.mutateAsync({ action: 'remove', socialMediaId })).message;
      toast.show({ title: message ?? MSG.socialAccountDeleted, tone: 'success' });
    } catch (e) {
      toast.show({ title: 'Error', description: e instanceof Error ? e.message : MSG.somethingWentWrong, tone: 'error' });
    } finally {
      setRemoving(null);
      setClearAll(false);
    }
  };

  return (
    <div className={styles.stack}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={usingDefaults}
          onChange={(e) => {
            if (e.target.checked) {
              if (links.length) setClearAll(true);
              else setDraft(null);
            } else startAdd();
          }}
        />
        Use account defaults (the location's social media)
      </label>
      {usingDefaults ? (
        <p className={styles.help}>
          Customers of this campaign see the review sites set in Settings › General › Connect Social Media. Untick the box to
          give this campaign its own links.
        </p>
      ) : (
        <>
          {links.length > 0 && (
            <ul className={styles.links} aria-label="Campaign links">
              {links.map((link) => (
                <li key={link.socialMediaId} className={styles.link}>
                  <span className={styles.linkSource}>
                    {link.source === 'custom' ? link.metadata?.title || SOURCE_LABELS.custom : SOURCE_LABELS[link.source]}
                  </span>
                  <a className={styles.linkUrl} href={link.url} target="_blank" rel="noreferrer noopener">
                    {link.url}
                  </a>
                  <span className={styles.linkActions}>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit the ${SOURCE_LABELS[link.source]} link`}
                      onClick={() => {
                        setErrors({});
                        setDraft({ id: link.socialMediaId, source: link.source, url: link.url, title: link.metadata?.title ?? '' });
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete the ${SOURCE_LABELS[link.source]} link`}
                      onClick={() => setRemoving(link)}
                    >
                      Delete
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {draft ? (
            <div className={styles.linkForm} role="group" aria-label={draft.id ? 'Edit link' : 'Add link'}>
              <SelectField
                label="Source"
                value={draft.source}
                onChange={(source) => setDraft({ ...draft, source })}
                options={freeSources.map((s) => ({ value: s, label: SOURCE_LABELS[s] }))}
              />
              <TextField
                label="URL"
                placeholder="https://"
                value={draft.url}
                onChange={(e) => setDraft({ ...draft, url: e.target.value })}
                error={errors.url || null}
              />
              {draft.source === 'custom' && (
                <TextField
                  label="Title"
                  value={draft.title}
                  maxLength={80}
                  onChange={(e) => setDraft({ ...draft, title: e.target.value })}
                  error={errors.title || null}
                />
              )}
              <div className={styles.linkFormActions}>
                <Button variant="secondary" size="sm" onClick={() => setDraft(null)} disabled={mutation.isPending}>
                  Cancel
                </Button>
                <Button size="sm" onClick={() => void submit()} loading={mutation.isPending}>
                  {draft.id ? 'Save link' : 'Add link'}
                </Button>
              </div>
            </div>
          ) : (
            <div>
              <Button variant="secondary" size="sm" onClick={startAdd}>
                Add a link
              </Button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Delete this link?"
        message={removing ? `The ${SOURCE_LABELS[removing.source]} link will be removed from this campaign.` : ''}
        confirmLabel="Delete"
        tone="danger"
        busy={mutation.isPending}
        onConfirm={() => removing && void remove([removing.socialMediaId])}
      />
      <ConfirmDialog
        open={clearAll}
        onOpenChange={setClearAll}
        title="Use the account defaults?"
        message={`This campaign's ${links.length} link${links.length === 1 ? '' : 's'} will be removed and the location's social media used instead.`}
        confirmLabel="Remove links"
        tone="danger"
        busy={mutation.isPending}
        onConfirm={() => void remove(links.map((l) => l.socialMediaId))}
      />
    </div>
  );
}
