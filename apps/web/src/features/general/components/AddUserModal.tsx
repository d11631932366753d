import { isValidEmail, MSG, passwordProblem, PERMISSIONS, type Permission } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { Switch } from '../../../components/Switch';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors, type FieldErrors } from '../../../lib/forms';
import { useAddUser } from '../api/users';
import { PERMISSION_LABELS } from './permissions';
import styles from './Users.module.css';

const ALL_ON: Record<Permission, boolean> = { twm: true, dispatch: true, analytics: true, settings: true };

/** Create User: email, password twice, and the permissions (all on by default; Chat needs Kudo Pro). */
export function AddUserModal({
  open,
  onOpenChange,
  locationId,
  hasChat,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locationId: number;
  hasChat: boolean;
}) {
  const add = useAddUser(locationId);
  const toast = useToast();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [permissions, setPermissions] = useState(ALL_ON);
  const { errors, generalError, accept, clear } = useFormErrors(add);

  const reset = () => {
    setUsername('');
    setPassword('');
    setConfirm('');
    setPermissions(ALL_ON);
    clear();
  };

  const close = (next: boolean) => {
    if (add.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!isValidEmail(username.trim())) found.username = MSG.validEmail;
    const pw = passwordProblem(password);
    if (pw) found.password = pw;
    else if (confirm !== password) found.confirm = MSG.passwordsDoNotMatch;
    if (!accept(found)) return;
    add.mutate(
      { username: username.trim(), password, permissions: { ...permissions, twm: hasChat && permissions.twm } },
      {
        onSuccess: ({ data, message }) => {
          toast.show({ tone: 'success', title: message ?? `${data.user.username} added!`, description: data.notice });
          reset();
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Create User"
      description="They get an email to verify their address, and can log in once they have."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="add-user-form" loading={add.isPending}>
            Create User
          </Button>
        </>
      }
    >
      <form id="add-user-form" className={styles.modalForm} onSubmit={onSubmit} noValidate>
        {generalError && (
          <Banner tone="danger" title="Oops!">
            {generalError}
          </Banner>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={errors.username}
          autoFocus
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint="At least 6 characters, no spaces."
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <fieldset className={styles.permissions}>
          <legend>Permissions</legend>
          {PERMISSIONS.map((p) => (
            <Switch
              key={p}
              label={PERMISSION_LABELS[p]}
              checked={p === 'twm' ? hasChat && permissions.twm : permissions[p]}
              onCheckedChange={(v) => setPermissions((cur) => ({ ...cur, [p]: v }))}
              disabled={p === 'twm' && !hasChat}
              disabledReason="Chat needs the Kudo Pro subscription."
            />
          ))}
        </fieldset>
      </form>
    </Modal>
  );
}
