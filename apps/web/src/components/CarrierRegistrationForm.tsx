import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_TYPE_LABELS, BUSINESS_TYPES, onboardingApi } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { callWithMessage, call } from '../lib/api';
import { apiFieldErrors, errorMessage } from '../lib/forms';
import { Banner } from './Banner';
import { Button } from './Button';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import styles from './CarrierRegistrationForm.module.css';

type BusinessType = (typeof BUSINESS_TYPES)[number];
const KEY = ['carrier-registration'] as const;
const EMPTY = {
  legal_name: '',
  business_type: '' as BusinessType | '',
  ein: '',
  website: '',
  contact_first_name: '',
  contact_last_name: '',
  contact_email: '',
  contact_phone: '',
};

/**
 * The business details US carriers need to register a location's texting (10DLC): legal name, EIN, business
 * type, website and a contact. Used at the end of onboarding and from the registration banner.
 */
export function CarrierRegistrationForm({ onSaved }: { onSaved?: () => void }) {
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: KEY, queryFn: () => call(onboardingApi.loadCarrierRegistration) });
  const save = useMutation({
    mutationFn: (body: typeof EMPTY) => callWithMessage(onboardingApi.saveCarrierRegistration, { body: body as never }),
    onSuccess: (res) => {
      queryClient.setQueryData(KEY, res.data);
      onSaved?.();
    },
  });
  const [edits, setEdits] = useState<Partial<typeof EMPTY>>({});
  const stored = loaded.data?.registration;
  const form = { ...EMPTY, ...(stored ? { ...stored, business_type: stored.business_type as BusinessType } : {}), ...edits };
  const errors = apiFieldErrors(save.error);
  const set = (key: keyof typeof EMPTY) => (value: string) => setEdits((e) => ({ ...e, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };

  const sole = form.business_type === 'sole_proprietorship';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Business details for texting registration">
      {save.isSuccess && !save.isPending && <Banner tone="success">{save.data.message}</Banner>}
      {save.isError && Object.keys(errors).length === 0 && <Banner tone="danger">{errorMessage(save.error)}</Banner>}
      <TextField label="Legal business name" value={form.legal_name} onChange={(e) => set('legal_name')(e.target.value)} error={errors.legal_name} autoComplete="organization" />
      <div className={styles.row}>
        <SelectField
          label="Business type"
          value={form.business_type}
          onChange={set('business_type')}
          options={[{ value: '', label: 'Choose…', disabled: true }, ...BUSINESS_TYPES.map((t) => ({ value: t, label: BUSINESS_TYPE_LABELS[t] }))]}
          error={errors.business_type}
        />
        <TextField
          label={sole ? 'EIN (not needed for a sole proprietorship)' : 'EIN'}
          value={form.ein}
          onChange={(e) => set('ein')(e.target.value)}
          error={errors.ein}
          inputMode="numeric"
          placeholder="12-3456789"
          disabled={sole}
        />
      </div>
      <TextField label="Website" type="url" value={form.website} onChange={(e) => set('website')(e.target.value)} error={errors.website} placeholder="https://" autoComplete="url" />
      <div className={styles.row}>
        <TextField label="Contact first name" value={form.contact_first_name} onChange={(e) => set('contact_first_name')(e.target.value)} error={errors.contact_first_name} autoComplete="given-name" />
        <TextField label="Contact last name" value={form.contact_last_name} onChange={(e) => set('contact_last_name')(e.target.value)} error={errors.contact_last_name} autoComplete="family-name" />
      </div>
      <div className={styles.row}>
        <TextField label="Contact email" type="email" value={form.contact_email} onChange={(e) => set('contact_email')(e.target.value)} error={errors.contact_email} autoComplete="email" />
        <TextField label="Contact phone" type="tel" value={form.contact_phone} onChange={(e) => set('contact_phone')(e.target.value)} error={errors.contact_phone} autoComplete="tel" />
      </div>
      <div>
        <Button type="submit" variant="secondary" loading={save.isPending}>
          Save business details
        </Button>
      </div>
    </form>
  );
}
