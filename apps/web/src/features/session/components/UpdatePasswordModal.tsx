import { MSG } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/Modal';
import { PasswordField } from '../../../components/TextField';
import { cx } from '../../../lib/cx';
import { errorMessage } from '../../../lib/forms';
import { useUpdatePassword } from '../api/profile';
import { canChangePassword, passwordChangeChecks, type PasswordChangeFields } from '../utils/passwordChecks';
import styles from './UpdatePasswordModal.module.css';

const EMPTY: PasswordChangeFields = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FORM_ID = 'update-password-form';

export function UpdatePasswordModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [fields, setFields] = useState(EMPTY);
  const update = useUpdatePassword();
  const done = update.isSuccess;
  const checks = passwordChangeChecks(fields);

  const set = (key: keyof PasswordChangeFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canChangePassword(fields) && !update.isPending && !done) update.mutate(fields);
  };

  // Each opening starts from an empty form.
  const onChange = (next: boolean) => {
    if (!next) {
      setFields(EMPTY);
      update.reset();
    }
    onOpenChange(next);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onChange}
      title="Update Password"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onChange(false)}>
            {done ? 'Close' : 'Cancel'}
          </Button>
          {!done && (
            <Button type="submit" form={FORM_ID} disabled={!canChangePassword(fields)} loading={update.isPending}>
              Update Password
            </Button>
          )}
        </>
      }
    >
      <form id={FORM_ID} className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={fields.currentPassword}
          onChange={set('currentPassword')}
          disabled={done}
          autoFocus
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={fields.newPassword}
          onChange={set('newPassword')}
          disabled={done}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={set('confirmPassword')}
          disabled={done}
        />
        <ul className={styles.checks} aria-label="Password requirements">
          {checks.map((check) => (
            <li key={check.id} className={cx(styles.check, check.met && styles.met)}>
              {check.met ? <CheckIcon size={14} /> : <CloseIcon size={14} />}
              {check.label}
              <span className="visually-hidden">{check.met ? ' (done)' : ' (not yet)'}</span>
            </li>
          ))}
        </ul>
        {done && (
          <p className={styles.success} role="status">
            {update.data.message ?? MSG.passwordChanged}
          </p>
        )}
        {update.isError && (
          <p className={styles.failure} role="alert">
            {errorMessage(update.error)}
          </p>
        )}
      </form>
    </Modal>
  );
}
