import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_TYPE_LABELS, BUSINESS_TYPES, onboardingApi, US_STATES } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { callWithMessage, call } from '../lib/api';
import { apiFieldErrors, errorMessage } from '../lib/forms';
import { sessionKeys } from '../lib/session/queries';
import { Banner } from './Banner';
import { Button } from './Button';
import { CARRIER_STATUS_KEY, CarrierFees, useCarrierStatus } from './CarrierRegistrationStatus';
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
  contact_title: '',
  contact_position: '',
  street: '',
  city: '',
  state: '',
  postal_code: '',
};
type Field = keyof typeof EMPTY;

/**
 * The business details US carriers need to register a location's texting (10DLC) — legal name, EIN, business
 * type, website, a contact and the business's address — and their submission: the registration itself, or an
 * update of an approved one. A failed registration marks the field the carrier's reason concerns until it is
 * changed. Used at the end of onboarding, from the registration banner and in Settings › Messaging.
 */
export function CarrierRegistrationForm({ onSubmitted, showFees = true }: { onSubmitted?: () => void; /** Off where the fees are on screen already. */ showFees?: boolean }) {
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: KEY, queryFn: () => call(onboardingApi.loadCarrierRegistration) });
  const status = useCarrierStatus();
  const submit = useMutation({
    mutationFn: (body: typeof EMPTY) => callWithMessage(onboardingApi.submitCarrierRegistration, { body: body as never }),
    onSuccess: (res) => {
      queryClient.setQueryData(KEY, { registration: res.data.registration, twilio_verified: res.data.status.twilio_verified });
      queryClient.setQueryData(CARRIER_STATUS_KEY, res.data.status);
      // The banner and the inbox read twilio_verified from the session's locations.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.locations });
      onSubmitted?.();
    },
  });
  const [edits, setEdits] = useState<Partial<typeof EMPTY>>({});
  const stored = loaded.data?.registration;
  const form = { ...EMPTY, ...(stored ? { ...stored, business_type: stored.business_type as BusinessType } : {}), ...edits };
  const failure = status.data?.status === 'failed' ? status.data.failure : null;
  const errors: Partial<Record<Field, string>> = apiFieldErrors(submit.error);
  // The carrier's reason stands against its field until the field is changed.
  if (failure?.field && failure.field in EMPTY && edits[failure.field as Field] === undefined && !submit.isSuccess) {
    errors[failure.field as Field] ??= failure.reason;
  }
  const set = (key: Field) => (value: string) => setEdits((e) => ({ ...e, [key]: value }));
  const text = (key: Field) => ({ value: form[key], onChange: (e: { target: { value: string } }) => set(key)(e.target.value), error: errors[key] });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(form);
  };

  const sole = form.business_type === 'sole_proprietorship';
  const approvedBefore = Boolean(status.data?.approved_at);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Business details for texting registration">
      {submit.isSuccess && !submit.isPending && <Banner tone="success">{submit.data.message}</Banner>}
      {submit.isError && Object.keys(apiFieldErrors(submit.error)).length === 0 && <Banner tone="danger">{errorMessage(submit.error)}</Banner>}
      <TextField label="Legal business name" {...text('legal_name')} autoComplete="organization" />
      <div className={styles.row}>
        <SelectField
          label="Business type"
          value={form.business_type}
          onChange={set('business_type')}
          options={[{ value: '', label: 'Choose…', disabled: true }, ...BUSINESS_TYPES.map((t) => ({ value: t, label: BUSINESS_TYPE_LABELS[t] }))]}
          error={errors.business_type}
        />
        <TextField label={sole ? 'EIN (not needed for a sole proprietorship)' : 'EIN'} {...text('ein')} inputMode="numeric" placeholder="12-3456789" disabled={sole} />
      </div>
      <TextField label="Website" type="url" {...text('website')} placeholder="https://" autoComplete="url" />
      <fieldset className={styles.group}>
        <legend>Business address</legend>
        <TextField label="Street address" {...text('street')} autoComplete="street-address" />
        <div className={styles.row}>
          <TextField label="City" {...text('city')} autoComplete="address-level2" />
          <SelectField
            label="State"
            value={form.state}
            onChange={set('state')}
            options={[{ value: '', label: 'Choose…', disabled: true }, ...US_STATES.map(([code, name]) => ({ value: code, label: name }))]}
            error={errors.state}
          />
          <TextField label="ZIP code" {...text('postal_code')} inputMode="numeric" autoComplete="postal-code" />
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Authorized contact</legend>
        <div className={styles.row}>
          <TextField label="Contact first name" {...text('contact_first_name')} autoComplete="given-name" />
          <TextField label="Contact last name" {...text('contact_last_name')} autoComplete="family-name" />
        </div>
        <div className={styles.row}>
          <TextField label="Job title" {...text('contact_title')} autoComplete="organization-title" />
          <SelectField
            label="Position"
            value={form.contact_position}
            onChange={set('contact_position')}
            options={[{ value: '', label: 'Choose…', disabled: true }, ...onboardingApi.CONTACT_POSITIONS.map((p) => ({ value: p, label: p }))]}
            error={errors.contact_position}
          />
        </div>
        <div className={styles.row}>
          <TextField label="Contact email" type="email" {...text('contact_email')} autoComplete="email" />
          <TextField label="Contact phone" type="tel" {...text('contact_phone')} autoComplete="tel" />
        </div>
      </fieldset>
      {showFees && status.data && <CarrierFees status={status.data} />}
      <div>
        <Button type="submit" loading={submit.isPending}>
          {approvedBefore ? 'Send updated details' : failure ? 'Resubmit registration' : 'Submit registration'}
        </Button>
      </div>
    </form>
  );
}
