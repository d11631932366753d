import { generalApi, MSG } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Switch } from '../../../components/Switch';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors } from '../../../lib/forms';
import { useAddRecipient } from '../api/reporting';
import styles from './Reporting.module.css';

/** Add Email: name, email and which reports; the address gets a link to confirm it. */
export function AddRecipientForm({ locationId }: { locationId: number }) {
  const add = useAddRecipient(locationId);
  const toast = useToast();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [weekly, setWeekly] = useState(true);
  const [monthly, setMonthly] = useState(true);
  const { errors, generalError, check } = useFormErrors(add);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name, email, weekly: weekly ? (1 as const) : (0 as const), monthly: monthly ? (1 as const) : (0 as const) };
    if (!check(generalApi.addReporting.body, input)) return;
    add.mutate(input, {
      onSuccess: ({ data, message }) => {
        toast.show({ tone: 'success', title: message ?? MSG.emailSaved, description: `We sent ${data.email} a link to confirm the address.` });
        setName('');
        setEmail('');
        setWeekly(true);
        setMonthly(true);
      },
    });
  };

  return (
    <Card title="Add Email" description="Weekly and monthly performance reports go to confirmed addresses.">
      <form className={styles.addForm} onSubmit={onSubmit} noValidate aria-label="Add reporting email">
        {generalError && <Banner tone="danger">{generalError}</Banner>}
        <div className={styles.addFields}>
          <TextField label="Name" autoComplete="name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        </div>
        <div className={styles.addOptions}>
          <Switch label="Weekly" checked={weekly} onCheckedChange={setWeekly} />
          <Switch label="Monthly" checked={monthly} onCheckedChange={setMonthly} />
          <Button type="submit" loading={add.isPending} className={styles.addButton}>
            Add Email
          </Button>
        </div>
      </form>
    </Card>
  );
}
