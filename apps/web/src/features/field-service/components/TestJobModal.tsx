import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors } from '../../../lib/forms';
import { useSendTestJob } from '../api/fieldService';
import styles from './FieldService.module.css';

/**
 * Test job: a job-completed event sent through the same path as the systems' (the worker, the rules, the review
 * request), for a customer and a technician's campaign chosen here. Works with nothing connected.
 */
export function TestJobModal({
  open,
  onOpenChange,
  locationId,
  campaigns,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locationId: number;
  campaigns: readonly { id: number; name: string }[];
}) {
  const send = useSendTestJob(locationId);
  const toast = useToast();
  const [name, setName] = useState('Test Customer');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [campaign, setCampaign] = useState('');
  const [tags, setTags] = useState('');
  const { errors, generalError, accept, clear } = useFormErrors(send);
  const chosen = campaign || String(campaigns[0]?.id ?? '');

  const close = (next: boolean) => {
    if (send.isPending) return;
    if (!next) clear();
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.customer_name = 'Enter the customer’s name.';
    if (!phone.trim() && !email.trim()) found.customer_phone = 'Give a phone or an email.';
    if (!chosen) found.campaign_id = 'Choose a campaign.';
    if (!accept(found)) return;
    const tagList = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    send.mutate(
      { customer_name: name.trim(), customer_phone: phone.trim(), customer_email: email.trim(), campaign_id: Number(chosen), ...(tagList.length ? { tags: tagList } : {}) },
      {
        onSuccess: ({ message, data }) => {
          toast.show({ tone: 'success', title: message ?? 'Test job sent.', description: data.job_id });
          close(false);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Send a test job"
      description="A job-completed event goes through the same path as Jobber's, Housecall Pro's and ServiceTitan's: the rules decide, and the review request goes to this customer."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="field-test-job-form" loading={send.isPending}>
            Send test job
          </Button>
        </>
      }
    >
      <form id="field-test-job-form" className={styles.form} onSubmit={onSubmit} noValidate>
        {generalError && (
          <Banner tone="danger" title="Oops!">
            {generalError}
          </Banner>
        )}
        <TextField label="Customer name" value={name} onChange={(e) => setName(e.target.value)} error={errors.customer_name} autoFocus />
        <div className={styles.fields}>
          <TextField label="Customer phone" type="tel" inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={errors.customer_phone} />
          <TextField label="Customer email" type="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.customer_email} />
        </div>
        <SelectField
          label="Technician's campaign"
          value={chosen}
          onChange={setCampaign}
          options={campaigns.map((c) => ({ value: String(c.id), label: c.name }))}
          error={errors.campaign_id}
        />
        <TextField label="Tags" value={tags} onChange={(e) => setTags(e.target.value)} error={errors.tags} hint="Optional, separated by commas: a tag the rules skip skips the job." />
      </form>
    </Modal>
  );
}
