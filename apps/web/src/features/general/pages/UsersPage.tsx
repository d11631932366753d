import { MSG, PERMISSIONS, type AccessSubject, type Permission, type PortalUser } from '@kudo/shared';
import { useState } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { LockIcon } from '../../../components/icons';
import { LoadingState, STATE_TEXT } from '../../../components/States';
import { Switch } from '../../../components/Switch';
import { defaultTableState, localPage, type SortValues } from '../../../components/tableState';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useEditUser, useRemoveUser, useUsers } from '../api/users';
import { AddUserModal } from '../components/AddUserModal';
import { PERMISSION_LABELS } from '../components/permissions';
import styles from '../components/Table.module.css';

const ROLE_ORDER = { Owner: 0, Admin: 1, User: 2 } as const;
const SORT_VALUES: SortValues<PortalUser> = { user: (u) => u.username.toLowerCase(), role: (u) => ROLE_ORDER[u.role_name], active: (u) => u.active };
const FIRST_STATE = defaultTableState({ sort: { key: 'user', dir: 'asc' } });

const flagsOf = (u: PortalUser) =>
  Object.fromEntries(PERMISSIONS.map((p) => [p, u.permissions[p] === 1])) as Record<Permission, boolean>;

/** Why a row's switch cannot be used, or null when it can. */
function lockReason(u: PortalUser, canManage: boolean): string | null {
  if (!canManage) return 'Only Owners and Admins can change users.';
  if (u.locked) return u.role_name === 'Owner' ? 'Owners cannot be changed here.' : 'Account-level users cannot be changed here.';
  return null;
}

function UsersContent({ locationId, subject }: { locationId: number; subject: AccessSubject }) {
  const users = useUsers(locationId);
  const edit = useEditUser(locationId);
  const remove = useRemoveUser(locationId);
  const toast = useToast();
  const [state, setState] = useState(FIRST_STATE);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PortalUser | null>(null);
  const canManage = subject.role === 'Owner' || subject.role === 'Admin';
  const hasChat = subject.subscriptions.includes('kudoPro');

  const table = { ...users, data: users.data ? localPage(users.data, state, (u) => u.username, SORT_VALUES) : undefined };

  const save = (u: PortalUser, change: { active?: boolean; permission?: [Permission, boolean] }) => {
    const permissions = flagsOf(u);
    if (change.permission) permissions[change.permission[0]] = change.permission[1];
    edit.mutate(
      { username: u.username, active: change.active ?? u.active === 1, permissions },
      {
        onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? MSG.userSaved, description: u.username }),
        onError: (error) => toast.show({ tone: 'error', title: 'Oops!', description: errorMessage(error) }),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.username, {
      onSuccess: ({ message }) => {
        toast.show({ tone: 'success', title: message ?? MSG.userRemoved, description: removing.username });
        setRemoving(null);
      },
      onError: (error) => {
        toast.show({ tone: 'error', title: 'Oops!', description: errorMessage(error) });
        setRemoving(null);
      },
    });
  };

  const columns: Column<PortalUser>[] = [
    {
      id: 'user',
      header: 'User',
      sortKey: 'user',
      className: styles.userCell,
      cell: (u) => {
        const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
        return (
          <div className={styles.primary}>
            {u.locked && <LockIcon size={14} className={styles.lock} aria-label="Locked" />}
            <div className={styles.primaryText}>
              <span className={styles.email} title={u.username}>
                {u.username}
              </span>
              {(name || !u.verified || u.active === 0 || u.is_self) && (
                <span className={styles.subLine}>
                  {name && <span className={styles.sub}>{name}</span>}
                  {!u.verified && <span className={`${styles.badge} ${styles.badgeWarning}`}>Pending verification</span>}
                  {u.active === 0 && <span className={`${styles.badge} ${styles.badgeMuted}`}>Inactive</span>}
                  {u.is_self && <span className={`${styles.badge} ${styles.badgeMuted}`}>You</span>}
                </span>
              )}
            </div>
          </div>
        );
      },
    },
    {
      id: 'role',
      header: 'Role',
      sortKey: 'role',
      cell: (u) => (
        <>
          {u.role_name}
          <div className={styles.sub}>{u.access_type}</div>
        </>
      ),
    },
    {
      id: 'active',
      header: 'Active',
      sortKey: 'active',
      align: 'center',
      cell: (u) => {
        const reason = lockReason(u, canManage);
        return (
          <span className={styles.switchCell}>
            <Switch
              label={`Active: ${u.username}`}
              hideLabel
              checked={u.active === 1}
              onCheckedChange={(v) => save(u, { active: v })}
              disabled={reason !== null || u.is_self}
              disabledReason={reason ?? 'You cannot deactivate yourself.'}
            />
          </span>
        );
      },
    },
    ...PERMISSIONS.map(
      (p): Column<PortalUser> => ({
        id: p,
        header: PERMISSION_LABELS[p],
        align: 'center',
        cell: (u) => {
          const reason = lockReason(u, canManage);
          const noChat = p === 'twm' && !hasChat;
          return (
            <span className={styles.switchCell}>
              <Switch
                label={`${PERMISSION_LABELS[p]}: ${u.username}`}
                hideLabel
                checked={!noChat && u.permissions[p] === 1}
                onCheckedChange={(v) => save(u, { permission: [p, v] })}
                disabled={reason !== null || noChat}
                disabledReason={reason ?? 'Chat needs the Kudo Pro subscription.'}
              />
            </span>
          );
        },
      }),
    ),
    ...(canManage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            cell: (u: PortalUser) => (
              <div className={styles.rowActions}>
                {!u.locked && !u.is_self && (
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(u)} aria-label={`Remove ${u.username}`}>
                    Remove
                  </Button>
                )}
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card flush>
      <DataTable
        label="Users"
        columns={columns}
        query={table}
        rowKey={(u) => u.id}
        rowTestId={(u) => `user-row-${u.username}`}
        state={state}
        onStateChange={setState}
        search={{ label: 'Search users by email', placeholder: 'Search by email' }}
        actions={
          canManage ? (
            <Button onClick={() => setAdding(true)}>Create User</Button>
          ) : (
            <p className={styles.toolbarNote}>
              <LockIcon size={14} aria-hidden /> Only Owners and Admins can add or change users.
            </p>
          )
        }
        empty={{ title: state.search ? 'No users match your search.' : STATE_TEXT.empty, description: state.search ? 'Try another email.' : undefined }}
      />
      {canManage && <AddUserModal open={adding} onOpenChange={setAdding} locationId={locationId} hasChat={hasChat} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove user?"
        message={removing ? `${removing.username} will lose access to this location. Their login and other locations stay.` : ''}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}

export default function UsersPage() {
  const session = useCurrentSession();
  return (
    <SettingsFrame section="settings-general">
      {session ? (
        <UsersContent key={session.location.location_id} locationId={session.location.location_id} subject={session.subject} />
      ) : (
        <LoadingState />
      )}
    </SettingsFrame>
  );
}
