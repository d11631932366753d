import { formatPhone, generalApi, MSG, type CompanyDetails } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Card } from '../../../components/Card';
import { InfoIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors } from '../../../lib/forms';
import { useSaveCompanyDetails, type CompanyDetailsInput } from '../api/branding';
import styles from './Branding.module.css';
import { FormActions } from './FormActions';

const fromSaved = (c: CompanyDetails): Required<CompanyDetailsInput> => ({
  name: c.companyName,
  address: c.companyAddress,
  city: c.companyCity,
  state: c.companyState,
  country: c.companyCountry,
  zip: c.companyZipcode,
  phone: formatPhone(c.companyPhoneNumber),
  website: c.companyWebUrl,
});

/** The company's name, address, phone and website; Cancel goes back to what is saved. */
export function CompanyDetailsCard({ locationId, saved }: { locationId: number; saved: CompanyDetails }) {
  const save = useSaveCompanyDetails(locationId);
  const toast = useToast();
  const [values, setValues] = useState(() => fromSaved(saved));
  const { errors, generalError, check, clear } = useFormErrors(save);
  const initial = fromSaved(saved);
  const dirty = (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== initial[k]);

  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    error: errors[key],
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!check(generalApi.saveCompanyDetails.body, values)) return;
    save.mutate(values, {
      onSuccess: ({ data, message }) => {
        setValues(fromSaved(data));
        toast.show({ tone: 'success', title: message ?? MSG.companySaved });
      },
    });
  };

  const cancel = () => {
    setValues(fromSaved(saved));
    clear();
  };

  return (
    <Card title="Company Details">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Company details">
        <p className={styles.note}>
          <InfoIcon size={16} aria-hidden />
          These changes also show on your default campaign.
        </p>
        {generalError && <Banner tone="danger">{generalError}</Banner>}
        <TextField label="Company Name" autoComplete="organization" maxLength={100} {...field('name')} />
        <TextField label="Address" autoComplete="street-address" maxLength={200} {...field('address')} />
        <div className={styles.grid2}>
          <TextField label="City" autoComplete="address-level2" maxLength={100} {...field('city')} />
          <TextField label="State" autoComplete="address-level1" maxLength={100} {...field('state')} />
          <TextField label="Country" autoComplete="country-name" maxLength={100} {...field('country')} />
          <TextField label="Zipcode" autoComplete="postal-code" maxLength={12} {...field('zip')} />
        </div>
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(000) 000-0000"
          {...field('phone')}
          onBlur={() => setValues((v) => ({ ...v, phone: formatPhone(v.phone) }))}
        />
        <TextField label="Website" type="url" inputMode="url" autoComplete="url" placeholder="https://www.example.com" maxLength={255} {...field('website')} />
        <FormActions saveLabel="Save Changes" saving={save.isPending} dirty={dirty} onCancel={cancel} />
      </form>
    </Card>
  );
}
