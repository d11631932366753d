import type { AccessSubject } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { Dropdown, DropdownItem, DropdownSeparator } from '../../components/DropdownMenu';
import { ChevronDownIcon } from '../../components/icons';
import { useAppInfo, useIdentity, useLogout } from '../../lib/session/hooks';
import { pathFor } from '../../config/routes';
import styles from './AccountMenu.module.css';
import { buildAccountMenu } from '../../config/menu';

function initials(first: string, last: string, fallback: string): string {
  const letters = `${first.trim().charAt(0)}${last.trim().charAt(0)}`;
  return (letters || fallback.charAt(0)).toUpperCase();
}

export function AccountMenu({ subject }: { subject: AccessSubject | null }) {
  const identity = useIdentity().data;
  const appInfo = useAppInfo().data;
  const logout = useLogout();
  const local = !!appInfo && (appInfo.local_providers.email || appInfo.local_providers.sms);
  const entries = buildAccountMenu(subject, local);

  const name = identity?.metadata.profile.name ?? { first: '', last: '' };
  const fullName = `${name.first} ${name.last}`.trim() || identity?.username || 'Account';
  const picture = identity?.metadata.profile.profilePic;

  return (
    <Dropdown
      align="end"
      label="Account"
      trigger={
        <button type="button" className={styles.trigger}>
          {picture ? (
            <img src={picture} alt="" className={styles.avatar} />
          ) : (
            <span className={styles.avatar} aria-hidden="true">
              {initials(name.first, name.last, identity?.username ?? '?')}
            </span>
          )}
          <span className={styles.name}>{fullName}</span>
          <ChevronDownIcon className={styles.chevron} />
        </button>
      }
    >
      {entries.map((entry) => {
        switch (entry) {
          case 'my-profile':
            return (
              <DropdownItem key={entry} asChild>
                <Link to={pathFor('user-preferences')}>My Profile</Link>
              </DropdownItem>
            );
          case 'settings':
            return (
              <DropdownItem key={entry} asChild>
                <Link to={pathFor('settings')}>Settings</Link>
              </DropdownItem>
            );
          case 'logs':
            return (
              <DropdownItem key={entry} asChild>
                <Link to={pathFor('logs')}>Logs</Link>
              </DropdownItem>
            );
          case 'dev-outbox':
            return (
              <DropdownItem key={entry} asChild>
                <Link to={pathFor('dev-outbox')}>Dev outbox</Link>
              </DropdownItem>
            );
          case 'logout':
            return [
              <DropdownSeparator key="separator" />,
              <DropdownItem key={entry} onSelect={() => void logout()}>
                Logout
              </DropdownItem>,
            ];
        }
      })}
    </Dropdown>
  );
}
