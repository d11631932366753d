import { useState } from 'react';
import { CAMPAIGN_LIMITS, MSG, isYoutubeUrl, type AccountTemplates, type CampaignItem } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { ImageUpload } from '../../../components/ImageUpload';
import { Modal } from '../../../components/Modal';
import { PasswordField, TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { useAddCampaign, useEditCampaign, type AddCampaignInput } from '../api/campaigns';
import styles from './CampaignForms.module.css';
import { SocialMediaTab } from './SocialMediaTab';
import { Tabs } from '../../../components/Tabs';
import { TemplateFields, type TemplateKey } from './TemplateFields';
import { TEMPLATE_FIELD, campaignProblems, youtubeEmbedUrl, type CampaignForm as Form } from '../utils/forms';
import { TextAreaField } from '../../../components/TextAreaField';

type TabKey = 'general' | 'youtube' | 'templates' | 'social';


const FIELD_TAB: Record<string, TabKey> = {
  name: 'general',
  description: 'general',
  department: 'general',
  image: 'general',
  id: 'general',
  license: 'general',
  email: 'general',
  fieldops_username: 'general',
  fieldops_password: 'general',
  yt_url: 'youtube',
  pcheck_sms_template: 'templates',
  bio_sms_template: 'templates',
  pcheck_email_template: 'templates',
  bio_email_template: 'templates',
};


function initialForm(c: CampaignItem | null): Form {
  return {
    name: c?.name ?? '',
    description: c?.description ?? '',
    department: c?.department ?? '',
    image: c?.image ?? '',
    employeeId: c?.id ?? '',
    license: c?.license ?? '',
    email: c?.email ?? '',
    ytUrl: c?.yt_url ?? '',
    fieldopsUsername: c?.fieldopsUsername ?? '',
    fieldopsPassword: '',
    templates: {
      pcheckSmsTemplate: c?.pcheck_sms_template ?? '',
      bioSmsTemplate: c?.bio_sms_template ?? '',
      pcheckEmailTemplate: c?.pcheck_email_template ?? '',
      bioEmailTemplate: c?.bio_email_template ?? '',
    },
  };
}

/** The request field of each form field, for its error message. */
const FORM_FIELD: Partial<Record<keyof Form, string>> = {
  name: 'name',
  description: 'description',
  department: 'department',
  image: 'image',
  employeeId: 'id',
  license: 'license',
  email: 'email',
  ytUrl: 'yt_url',
  fieldopsUsername: 'fieldops_username',
  fieldopsPassword: 'fieldops_password',
};



/** Create or edit a campaign: General, Youtube and Templates tabs, plus Social Media when editing. */
export function CampaignModal({
  open,
  onOpenChange,
  campaign,
  departments,
  accountTemplates,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create a new campaign. */
  campaign: CampaignItem | null;
  departments: string[];
  accountTemplates: AccountTemplates;
}) {
  const [form, setForm] = useState<Form>(() => initialForm(campaign));
  const [tab, setTab] = useState<TabKey>('general');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddCampaign();
  const edit = useEditCampaign();
  const toast = useToast();
  const busy = add.isPending || edit.isPending;
  const editing = campaign !== null;

  const clearError = (field: string | undefined) =>
    field && setErrors((e) => (field in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clearError(FORM_FIELD[key]);
  };
  const invalid = (t: TabKey) => Object.keys(errors).some((k) => FIELD_TAB[k] === t);

  const showProblems = (problems: Record<string, string>) => {
    setErrors(problems);
    const first = Object.keys(problems).map((k) => FIELD_TAB[k]).find(Boolean);
    if (first) setTab(first);
  };

  const submit = async () => {
    const problems = campaignProblems(form);
    if (Object.keys(problems).length) return showProblems(problems);
    const body: AddCampaignInput = {
      name: form.name.trim(),
      description: form.description.trim(),
      department: form.department.trim(),
      image: form.image.trim(),
      id: form.employeeId.trim(),
      license: form.license.trim(),
      email: form.email.trim(),
      yt_url: form.ytUrl.trim(),
      fieldops_username: form.fieldopsUsername.trim() || null,
      fieldops_password: form.fieldopsPassword || null,
      pcheck_sms_template: form.templates.pcheckSmsTemplate,
      bio_sms_template: form.templates.bioSmsTemplate,
      pcheck_email_template: form.templates.pcheckEmailTemplate,
      bio_email_template: form.templates.bioEmailTemplate,
    };
    try {
      const res = campaign ? await edit.mutateAsync({ ...body, uid: campaign.uid }) : await add.mutateAsync(body);
      toast.show({ title: res.message ?? (campaign ? MSG.campaignEdited : MSG.campaignAdded), tone: 'success' });
      onOpenChange(false);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errors).length) showProblems(e.errors);
      else if (e instanceof ApiError && e.message === MSG.campaignFieldopsUsernameTaken) showProblems({ fieldops_username: e.message });
      toast.show({ title: 'Error', description: e instanceof Error ? e.message : MSG.somethingWentWrong, tone: 'error' });
    }
  };

  const tabs = [
    { key: 'general' as const, label: 'General', invalid: invalid('general') },
    { key: 'youtube' as const, label: 'Youtube', invalid: invalid('youtube') },
    { key: 'templates' as const, label: 'Templates', invalid: invalid('templates') },
    ...(editing ? [{ key: 'social' as const, label: 'Social Media' }] : []),
  ];
  const embed = form.ytUrl.trim() && isYoutubeUrl(form.ytUrl.trim()) ? youtubeEmbedUrl(form.ytUrl.trim()) : null;

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={editing ? `Edit ${campaign.name}` : 'Create Campaign'}
      size="lg"
      footer={
        tab === 'social' ? (
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={busy}>
              {editing ? 'Save Campaign' : 'Create Campaign'}
            </Button>
          </>
        )
      }
    >
      <Tabs label="Campaign" tabs={tabs} value={tab} onChange={setTab}>
        {tab === 'general' && (
          <div className={styles.stack}>
            <div className={styles.row}>
              <TextField label="Name" value={form.name} maxLength={CAMPAIGN_LIMITS.nameMax} onChange={(e) => set('name', e.target.value)} error={errors.name} autoFocus />
              <TextField
                label="Department"
                value={form.department}
                maxLength={CAMPAIGN_LIMITS.departmentMax}
                onChange={(e) => set('department', e.target.value)}
                error={errors.department}
                list="campaign-departments"
              />
              <datalist id="campaign-departments">
                {departments.map((d) => (
                  <option key={d} value={d} />
                ))}
              </datalist>
            </div>
            <TextAreaField
              label="Description"
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              error={errors.description}
              maxLength={CAMPAIGN_LIMITS.descriptionMax}
              rows={3}
            />
            <ImageUpload
              label="Image"
              value={form.image || null}
              onChange={(url) => set('image', url ?? '')}
              allowUrl
              shape="round"
              hint="Preferred size 200x200."
              error={errors.image}
            />
            <div className={styles.row}>
              <TextField
                label="Employee ID"
                value={form.employeeId}
                maxLength={CAMPAIGN_LIMITS.employeeIdMax}
                onChange={(e) => set('employeeId', e.target.value)}
                hint="Useful for API integrations."
                error={errors.id}
              />
              <TextField label="License" value={form.license} maxLength={CAMPAIGN_LIMITS.licenseMax} onChange={(e) => set('license', e.target.value)} error={errors.license} />
              <TextField label="Email" type="email" value={form.email} onChange={(e) => set('email', e.target.value)} error={errors.email} />
            </div>
            {editing && (
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>FieldOps app sign-in</legend>
                <div className={styles.row}>
                  <TextField
                    label="FieldOps username"
                    value={form.fieldopsUsername}
                    onChange={(e) => set('fieldopsUsername', e.target.value)}
                    error={errors.fieldops_username}
                    hint="Created with the first FieldOps invite when left blank."
                    autoComplete="off"
                  />
                  <PasswordField
                    label="New FieldOps password"
                    value={form.fieldopsPassword}
                    onChange={(e) => set('fieldopsPassword', e.target.value)}
                    error={errors.fieldops_password}
                    hint={campaign.fieldops_password ? 'Leave blank to keep the current password.' : 'Created with the first FieldOps invite when left blank.'}
                    autoComplete="new-password"
                  />
                </div>
              </fieldset>
            )}
          </div>
        )}
        {tab === 'youtube' && (
          <div className={styles.stack}>
            <TextField
              label="Youtube video link"
              placeholder="https://www.youtube.com/watch?v=…"
              value={form.ytUrl}
              onChange={(e) => set('ytUrl', e.target.value)}
              error={errors.yt_url}
              hint="Shown on the campaign's bio page. Leave blank for none."
            />
            {embed && <iframe className={styles.video} src={embed} title="Youtube video preview" allowFullScreen />}
          </div>
        )}
        {tab === 'templates' && (
          <TemplateFields
            values={form.templates}
            onChange={(key, value) => {
              setForm((f) => ({ ...f, templates: { ...f.templates, [key]: value } }));
              clearError(TEMPLATE_FIELD[key]);
            }}
            errors={Object.fromEntries(
              (Object.keys(TEMPLATE_FIELD) as TemplateKey[]).filter((k) => errors[TEMPLATE_FIELD[k]]).map((k) => [k, errors[TEMPLATE_FIELD[k]]]),
            )}
            fallback={accountTemplates}
          />
        )}
        {tab === 'social' && campaign && <SocialMediaTab uid={campaign.uid} />}
      </Tabs>
    </Modal>
  );
}
