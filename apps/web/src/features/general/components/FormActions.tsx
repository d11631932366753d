import { Button } from '../../../components/Button';
import styles from './Branding.module.css';

/** Save, and Cancel back to what is saved: only offered once something changed, and not while saving. */
export function FormActions({ saveLabel, saving, dirty, onCancel }: { saveLabel: string; saving: boolean; dirty: boolean; onCancel: () => void }) {
  return (
    <div className={styles.actions}>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={!dirty || saving}>
        Cancel
      </Button>
    </div>
  );
}
