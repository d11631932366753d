import { MSG, PERMISSIONS, type AccessSubject, type Permission, type PortalUser } from '@kudo/shared';
import { useMemo, useState } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LockIcon } from '../../../components/icons';
import { Pagination } from '../../../components/Pagination';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { LoadingState, STATE_TEXT } from '../../../components/States';
import { Switch } from '../../../components/Switch';
import { SearchField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useEditUser, useRemoveUser, useUsers } from '../api/users';
import { AddUserModal } from '../components/AddUserModal';
import { PERMISSION_LABELS } from '../components/permissions';
import { SortHeader } from '../components/SortHeader';
import styles from '../components/Table.module.css';
import { pageOf, searchRows, sortRows, type SortDir } from '../utils/table';

const PER_PAGE = 10;
type SortKey = 'user' | 'role' | 'active';
const ROLE_ORDER = { Owner: 0, Admin: 1, User: 2 } as const;

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
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; dir: SortDir }>({ key: 'user', dir: 'asc' });
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PortalUser | null>(null);
  const canManage = subject.role === 'Owner' || subject.role === 'Admin';
  const hasChat = subject.subscriptions.includes('kudoPro');

  const visible = useMemo(() => {
    const found = searchRows(users.data ?? [], search, (u) => u.username);
    const key = (u: PortalUser) => (sort.key === 'user' ? u.username : sort.key === 'role' ? ROLE_ORDER[u.role_name] : u.active);
    return sortRows(found, key, sort.dir);
  }, [users.data, search, sort]);
  const shown = pageOf(visible, page, PER_PAGE);

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

  return (
    <Card flush>
      <div className={styles.toolbar}>
        <SearchField
          label="Search users by email"
          placeholder="Search by email"
          className={styles.search}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        {canManage ? (
          <Button onClick={() => setAdding(true)}>Create User</Button>
        ) : (
          <p className={styles.toolbarNote}>
            <LockIcon size={14} aria-hidden /> Only Owners and Admins can add or change users.
          </p>
        )}
      </div>
      <QueryBoundary
        query={users}
        compact
        isEmpty={() => visible.length === 0}
        empty={{ title: search ? 'No users match your search.' : STATE_TEXT.empty, description: search ? 'Try another email.' : undefined }}
      >
        {() => (
          <>
            <div className={styles.scroll}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <SortHeader label="User" column="user" sort={sort} onSort={setSort} />
                    <SortHeader label="Role" column="role" sort={sort} onSort={setSort} />
                    <SortHeader label="Active" column="active" sort={sort} onSort={setSort} className={styles.center} />
                    {PERMISSIONS.map((p) => (
                      <th key={p} scope="col" className={styles.center}>
                        {PERMISSION_LABELS[p]}
                      </th>
                    ))}
                    {canManage && (
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {shown.rows.map((u) => {
                    const reason = lockReason(u, canManage);
                    const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
                    return (
                      <tr key={u.id} data-testid={`user-row-${u.username}`}>
                        <td className={styles.userCell}>
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
                        </td>
                        <td>
                          {u.role_name}
                          <div className={styles.sub}>{u.access_type}</div>
                        </td>
                        <td className={styles.center}>
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
                        </td>
                        {PERMISSIONS.map((p) => {
                          const noChat = p === 'twm' && !hasChat;
                          return (
                            <td key={p} className={styles.center}>
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
                            </td>
                          );
                        })}
                        {canManage && (
                          <td>
                            <div className={styles.rowActions}>
                              {!u.locked && !u.is_self && (
                                <Button variant="ghost" size="sm" onClick={() => setRemoving(u)} aria-label={`Remove ${u.username}`}>
                                  Remove
                                </Button>
                              )}
                            </div>
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className={styles.footer}>
              <span>
                {visible.length} {visible.length === 1 ? 'user' : 'users'}
                {shown.pageCount > 1 && ` · page ${shown.page} of ${shown.pageCount}`}
              </span>
              <Pagination page={shown.page} pageCount={shown.pageCount} onPage={setPage} label="User pages" />
            </div>
          </>
        )}
      </QueryBoundary>
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
