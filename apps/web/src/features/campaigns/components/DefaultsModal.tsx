import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG, PRODUCT, smsTemplateProblem, type AccountTemplates } from '@kudo/shared';
import { pathFor } from '../../../config/routes';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { useSaveDefaultTemplates } from '../api/campaigns';
import styles from './CampaignForms.module.css';
import { Tabs } from '../../../components/Tabs';
import { TemplateFields, type TemplateKey } from './TemplateFields';

/** The location's default templates (used by every campaign without its own) and where its social links live. */
export function DefaultsModal({
  open,
  onOpenChange,
  templates,
  globalTemplates,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  templates: AccountTemplates;
  globalTemplates: AccountTemplates;
}) {
  const [tab, setTab] = useState<'templates' | 'social'>('templates');
  const [values, setValues] = useState<AccountTemplates>(templates);
  const [errors, setErrors] = useState<Partial<Record<TemplateKey, string>>>({});
  const save = useSaveDefaultTemplates();
  const toast = useToast();

  const submit = async () => {
    const problems: Partial<Record<TemplateKey, string>> = {};
    for (const key of ['pcheckSmsTemplate', 'bioSmsTemplate'] as const) {
      const p = smsTemplateProblem(values[key].trim());
      if (p) problems[key] = p;
    }
    setErrors(problems);
    if (Object.keys(problems).length) {
      setTab('templates');
      return;
    }
    try {
      const res = await save.mutateAsync(values);
      toast.show({ title: 'Success!', description: res.message ?? MSG.templatesUpdated, tone: 'success' });
      onOpenChange(false);
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.errors as Partial<Record<TemplateKey, string>>);
      toast.show({ title: 'Error Adding Defaults', description: e instanceof Error ? e.message : MSG.somethingWentWrong, tone: 'error' });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !save.isPending && onOpenChange(o)}
      title="Edit Defaults"
      size="lg"
      footer={
        tab === 'templates' ? (
          <>
            <Button variant="ghost" onClick={() => setValues(globalTemplates)} disabled={save.isPending}>
              Reset to {PRODUCT.name} defaults
            </Button>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={save.isPending}>
              Save Defaults
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        )
      }
    >
      <Tabs
        label="Defaults"
        tabs={[
          { key: 'templates', label: 'Templates', invalid: Object.values(errors).some(Boolean) },
          { key: 'social', label: 'Social Media' },
        ]}
        value={tab}
        onChange={setTab}
      >
        {tab === 'templates' ? (
          <TemplateFields
            values={values}
            onChange={(key, value) => {
              setValues((v) => ({ ...v, [key]: value }));
              setErrors((e) => ({ ...e, [key]: undefined }));
            }}
            errors={errors}
            fallback={globalTemplates}
            disabled={save.isPending}
          />
        ) : (
          <div className={styles.stack}>
            <p>
              Campaigns that use the account defaults send customers to the review sites of this location. Manage them in{' '}
              <Link to={pathFor('settings-general-connect-social-media')}>Settings › General › Connect Social Media</Link>.
            </p>
            <p className={styles.help}>A campaign with links of its own (its Social Media tab) uses those instead.</p>
          </div>
        )}
      </Tabs>
    </Modal>
  );
}
