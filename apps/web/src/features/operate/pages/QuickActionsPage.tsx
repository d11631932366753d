import { useState } from 'react';
import { Page } from '../../../components/Page';
import { BulkConsentModal } from '../components/BulkConsentModal';
import { DispatchConsentForm, MessagingConsentForm } from '../components/ConsentForms';
import { OperateTabs } from '../components/OperateTabs';
import styles from './QuickActionsPage.module.css';

/** Operate › Quick Actions: record what customers agreed to, for bios and pulseChecks and for texting. */
export default function QuickActionsPage() {
  const [bulk, setBulk] = useState(false);
  return (
    <Page title="Communication Consent" lead="Record a customer's opt-in or opt-out. Every change is kept with who made it and when.">
      <OperateTabs />
      <details className={styles.section} open>
        <summary>Dispatch consent</summary>
        <p className={styles.lead}>Bios and pulseChecks, by text and email.</p>
        <DispatchConsentForm />
      </details>
      <details className={styles.section} open>
        <summary>Messaging consent</summary>
        <p className={styles.lead}>Two-way text conversations.</p>
        <MessagingConsentForm onBulk={() => setBulk(true)} />
      </details>
      <BulkConsentModal open={bulk} onOpenChange={setBulk} />
    </Page>
  );
}
