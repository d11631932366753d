import { useState } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { CarrierRegistrationForm } from '../../../components/CarrierRegistrationForm';
import { CARRIER_WAIT_TEXT, carrierHeadline, CarrierFees, CarrierSteps, useCarrierStatus, type CarrierStatus } from '../../../components/CarrierRegistrationStatus';
import { QueryBoundary } from '../../../components/QueryBoundary';
import styles from './RegistrationPage.module.css';

const dateText = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '');

function Registration({ status }: { status: CarrierStatus }) {
  // The form is open until the business has submitted, and whenever the carriers refused the details.
  const [editing, setEditing] = useState(false);
  const formOpen = editing || status.status === 'not_submitted' || status.status === 'failed';
  const inReview = status.status === 'pending' || status.status === 'in_review';
  const tone = status.status === 'approved' ? 'success' : status.status === 'failed' ? 'danger' : inReview ? 'warning' : 'info';
  return (
    <div className={styles.stack}>
      <Card title="Registration status" headingLevel="h2">
        <div className={styles.stack}>
          <Banner tone={tone} title={carrierHeadline(status)}>
            {status.status === 'not_submitted' && <p>US carriers filter texts from businesses that are not registered. Submit your business details below to register.</p>}
            {inReview && !status.updating && <p>{CARRIER_WAIT_TEXT}</p>}
            {status.updating && <p>Your texts keep going as a registered business while the carriers review the new details.</p>}
            {status.status === 'approved' && <p>Carriers deliver your texts as a registered business{status.approved_at ? ` since ${dateText(status.approved_at)}` : ''}.</p>}
            {status.status === 'failed' && <p>Correct the marked detail below and resubmit. Texts keep going meanwhile, but carriers may filter them.</p>}
          </Banner>
          {status.status !== 'not_submitted' && <CarrierSteps status={status} />}
          {status.submitted_at && <p className={styles.muted}>Last submitted {dateText(status.submitted_at)}.</p>}
          <CarrierFees status={status} />
        </div>
      </Card>
      <Card
        title="Business details"
        headingLevel="h2"
        actions={
          !formOpen && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Change details
            </Button>
          )
        }
      >
        {formOpen ? (
          <CarrierRegistrationForm showFees={false} onSubmitted={() => setEditing(false)} />
        ) : (
          <p className={styles.muted}>
            {status.approved_at
              ? 'Changing the details after approval sends them to the carriers as an update of the same registration.'
              : 'Changed details are sent to the carriers with the registration under review.'}
          </p>
        )}
      </Card>
    </div>
  );
}

/** Settings › Messaging › Texting Registration: the carrier (10DLC) registration, its state, fees and limits. */
export default function RegistrationPage() {
  const status = useCarrierStatus();
  return (
    <SettingsFrame section="settings-messaging" title="Texting Registration" lead="The carrier (A2P 10DLC) registration your texts are sent under.">
      <QueryBoundary query={status}>{(data) => <Registration status={data} />}</QueryBoundary>
    </SettingsFrame>
  );
}
