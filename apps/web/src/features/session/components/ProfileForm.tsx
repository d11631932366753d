import { formatPhone, sessionApi, type Profile } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors } from '../../../lib/forms';
import { useSaveProfile } from '../api/profile';
import styles from './ProfileForm.module.css';

/** Names and phone; checked with the same schema the server uses, so both give the same messages. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const save = useSaveProfile();
  const toast = useToast();
  const [first, setFirst] = useState(profile.name.first);
  const [last, setLast] = useState(profile.name.last);
  const [phone, setPhone] = useState(formatPhone(profile.contact.phoneNumber));
  const { errors, generalError, check } = useFormErrors(save);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: { first, last }, contact: { phoneNumber: phone } };
    if (!check(sessionApi.profileInput, input)) return;
    save.mutate(input, {
      onSuccess: ({ data, message }) => {
        setPhone(formatPhone(data.contact.phoneNumber));
        toast.show({ tone: 'success', title: message ?? 'Saved' });
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {generalError && <Banner tone="danger">{generalError}</Banner>}
      <div className={styles.names}>
        <TextField
          label="First Name"
          autoComplete="given-name"
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          error={errors['name.first']}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          value={last}
          onChange={(e) => setLast(e.target.value)}
          error={errors['name.last']}
        />
      </div>
      <TextField label="Email" type="email" value={profile.contact.email} readOnly disabled hint="Your login; it cannot be changed here." />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        placeholder="(000) 000-0000"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        onBlur={() => setPhone((p) => formatPhone(p))}
        error={errors['contact.phoneNumber']}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          Save Profile
        </Button>
      </div>
    </form>
  );
}
