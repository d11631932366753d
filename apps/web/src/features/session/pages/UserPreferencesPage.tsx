import { useState } from 'react';
import { Card } from '../../../components/Card';
import { LockIcon, UserIcon } from '../../../components/icons';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useProfile } from '../api/profile';
import { BrowserNotificationsCard } from '../components/BrowserNotificationsCard';
import { ProfileForm } from '../components/ProfileForm';
import { UpdatePasswordModal } from '../components/UpdatePasswordModal';
import styles from './UserPreferencesPage.module.css';
import { Page } from '../../../components/Page';

export default function UserPreferencesPage() {
  const profile = useProfile();
  const [passwordOpen, setPasswordOpen] = useState(false);

  return (
    <Page
      title="Profile & Preferences"
      lead="Your name and phone number as your team sees them, and how we reach you."
    >
      <div className={styles.columns}>
        <nav className={styles.menu} aria-label="Profile menu">
          <ul>
            <li>
              <a href="#profile" className={styles.menuItem} aria-current="true">
                <UserIcon />
                Profile
              </a>
            </li>
            <li>
              <button type="button" className={styles.menuItem} onClick={() => setPasswordOpen(true)}>
                <LockIcon />
                Update Password
              </button>
            </li>
          </ul>
        </nav>
        <div className={styles.cards}>
          <Card title="Profile" id="profile">
            <QueryBoundary query={profile} compact>
              {(data) => <ProfileForm profile={data} />}
            </QueryBoundary>
          </Card>
          <BrowserNotificationsCard />
        </div>
      </div>
      <UpdatePasswordModal open={passwordOpen} onOpenChange={setPasswordOpen} />
    </Page>
  );
}
