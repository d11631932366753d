import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Dropdown, DropdownItem } from '../../../components/DropdownMenu';
import { MoreIcon } from '../../../components/icons';
import { ErrorState, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/forms';
import { useProfile } from '../api/profile';
import { BrowserNotificationsCard } from '../components/BrowserNotificationsCard';
import { ProfileForm } from '../components/ProfileForm';
import { UpdatePasswordModal } from '../components/UpdatePasswordModal';
import styles from './UserPreferencesPage.module.css';

export default function UserPreferencesPage() {
  const profile = useProfile();
  const [passwordOpen, setPasswordOpen] = useState(false);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>Profile &amp; Preferences</h1>
          <p className={styles.lead}>Your name and phone number as your team sees them, and how we reach you.</p>
        </div>
        <Dropdown
          align="end"
          label="Profile actions"
          trigger={
            <Button variant="secondary" icon={<MoreIcon />}>
              Actions
            </Button>
          }
        >
          <DropdownItem onSelect={() => setPasswordOpen(true)}>Update Password</DropdownItem>
        </Dropdown>
      </header>
      <Card title="Profile">
        {profile.isPending ? (
          <LoadingState compact />
        ) : profile.isError ? (
          <ErrorState compact message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
        ) : (
          <ProfileForm profile={profile.data} />
        )}
      </Card>
      <BrowserNotificationsCard />
      <UpdatePasswordModal open={passwordOpen} onOpenChange={setPasswordOpen} />
    </div>
  );
}
