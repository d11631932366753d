import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { BellIcon } from '../../../components/icons';
import styles from './BrowserNotificationsCard.module.css';

type PermissionState = NotificationPermission | 'unsupported';

const readPermission = (): PermissionState =>
  typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';

const DESCRIPTION: Record<PermissionState, string> = {
  default: 'Get a desktop notification when something needs your attention, even while this tab is in the background.',
  granted: 'Notifications are enabled for this browser.',
  denied: "Notifications are blocked for this site. Allow them in your browser's site settings, then reload the page.",
  unsupported: 'This browser does not support desktop notifications.',
};

/** Asks the browser for permission to notify; the browser's answer is the only state there is. */
export function BrowserNotificationsCard() {
  const [permission, setPermission] = useState<PermissionState>(readPermission);
  const [asking, setAsking] = useState(false);

  const enable = async () => {
    setAsking(true);
    try {
      setPermission(await Notification.requestPermission());
    } finally {
      setAsking(false);
    }
  };

  return (
    <Card title="Browser Notifications">
      <div className={styles.row}>
        <span className={styles.icon}>
          <BellIcon size={20} />
        </span>
        <p className={styles.text} role="status">
          {DESCRIPTION[permission]}
        </p>
        <Button
          variant={permission === 'granted' ? 'secondary' : 'primary'}
          onClick={() => void enable()}
          loading={asking}
          disabled={permission !== 'default'}
        >
          {permission === 'granted' ? 'Enabled' : 'Enable Notifications'}
        </Button>
      </div>
    </Card>
  );
}
