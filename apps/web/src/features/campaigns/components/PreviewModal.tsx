import { pathFor } from '../../../config/routes';
import { buttonClass } from '../../../components/Button';
import { ExternalLinkIcon } from '../../../components/icons';
import { Modal } from '../../../components/Modal';
import styles from './CampaignForms.module.css';

/** 'What would you like to see?': the campaign's bio page or a sample pulseCheck, each in a new tab. */
export function PreviewModal({ uid, name, onClose }: { uid: string | null; name: string; onClose: () => void }) {
  return (
    <Modal open={uid !== null} onOpenChange={(o) => !o && onClose()} title={`Preview ${name}`} size="sm">
      {uid && (
        <div className={styles.stack}>
          <p>What would you like to see?</p>
          <div className={styles.choices}>
            <a className={buttonClass('primary')} href={pathFor('view-bio', { campaignUID: uid })} target="_blank" rel="noopener">
              <ExternalLinkIcon /> Bio
            </a>
            <a className={buttonClass('secondary')} href={pathFor('sample-pulsecheck', { campaignUID: uid })} target="_blank" rel="noopener">
              <ExternalLinkIcon /> Pulse Check
            </a>
          </div>
          <p className={styles.help}>Each opens in a new tab.</p>
        </div>
      )}
    </Modal>
  );
}
