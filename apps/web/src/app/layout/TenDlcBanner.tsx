import type { LocationItem } from '@kudo/shared';
import { useState } from 'react';
import { Banner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { CarrierRegistrationForm } from '../../components/CarrierRegistrationForm';
import { Modal } from '../../components/Modal';
import { EXTERNAL_LINKS } from '../../lib/links';

const TEXT = {
  title: 'URGENT: Action Required for Message Delivery',
  withPulsechecks: 'Your phone number is not 10DLC compliant. Messages, including Pulsechecks will not be delivered.',
  messagesOnly: 'Your phone number is not 10DLC compliant. Messages will not be delivered.',
  inProgress: 'Your 10DLC registration was submitted and is being reviewed. Processing may take up to four weeks.',
  rejected: 'Your 10DLC registration was rejected. Please contact support so we can help you fix and resubmit it.',
  unregistered: 'Register your business phone number so carriers deliver your texts. Processing may take up to four weeks.',
} as const;

/** Whether the location sends texts that carriers will block until its number is registered. */
export function needsTenDlcNotice(location: Pick<LocationItem, 'hs_10dlc' | 'twilio_verified'>, subscriptions: readonly string[]) {
  return (subscriptions.includes('kudoPro') || location.hs_10dlc) && location.twilio_verified !== 'verified';
}

const storageKey = (location: LocationItem) => `kudo.10dlc-dismissed.${location.location_id}.${location.twilio_verified}`;

function wasDismissed(location: LocationItem): boolean {
  try {
    return window.sessionStorage.getItem(storageKey(location)) === '1';
  } catch {
    return false;
  }
}

/** The carrier-registration warning; dismissed for the browser session and per registration state. */
export function TenDlcBanner({ location, subscriptions }: { location: LocationItem; subscriptions: readonly string[] }) {
  const [dismissed, setDismissed] = useState(() => wasDismissed(location));
  const [details, setDetails] = useState(false);
  if (dismissed || !needsTenDlcNotice(location, subscriptions)) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(storageKey(location), '1');
    } catch {
      // Without storage the banner still hides until the next page load.
    }
    setDismissed(true);
  };

  const state = location.twilio_verified;
  return (
    <Banner
      strip
      tone="danger"
      title={TEXT.title}
      onDismiss={dismiss}
      actions={
        <>
          {state !== 'in_progress' && (
            <Button variant="secondary" size="sm" onClick={() => setDetails(true)}>
              Business details
            </Button>
          )}
          {state === 'rejected' ? (
            <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')}>
              Contact support
            </a>
          ) : state !== 'in_progress' ? (
            <a href={EXTERNAL_LINKS.tenDlc.register} target="_blank" rel="noopener noreferrer" className={buttonClass('danger', 'sm')}>
              Register Now
            </a>
          ) : undefined}
        </>
      }
    >
      <p>{location.hs_10dlc ? TEXT.withPulsechecks : TEXT.messagesOnly}</p>
      <p>
        {state === 'in_progress' ? TEXT.inProgress : state === 'rejected' ? TEXT.rejected : TEXT.unregistered}{' '}
        {state !== 'in_progress' && state !== 'rejected' && (
          <a href={EXTERNAL_LINKS.tenDlc.about} target="_blank" rel="noopener noreferrer">
            Learn about 10DLC registration
          </a>
        )}
      </p>
      <Modal
        open={details}
        onOpenChange={setDetails}
        title="Business details for texting registration"
        description="Carriers need the legal name, EIN, business type, website and a contact of the business that sends the texts."
      >
        <CarrierRegistrationForm />
      </Modal>
    </Banner>
  );
}
