import type { AccessSubject, LocationItem } from '@kudo/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { CarrierRegistrationForm } from '../../components/CarrierRegistrationForm';
import { CARRIER_WAIT_TEXT, carrierHeadline, useCarrierStatus } from '../../components/CarrierRegistrationStatus';
import { Modal } from '../../components/Modal';
import { EXTERNAL_LINKS } from '../../config/links';
import { sessionKeys } from '../../lib/session/queries';
import { pathFor } from '../../config/routes';

const TEXT = {
  title: 'URGENT: Action Required for Message Delivery',
  withPulsechecks: 'Your phone number is not 10DLC compliant. Messages, including Pulsechecks will not be delivered.',
  messagesOnly: 'Your phone number is not 10DLC compliant. Messages will not be delivered.',
  submitted: 'Your 10DLC registration was submitted and is being reviewed.',
  rejected: 'Your 10DLC registration was rejected. Please contact support so we can help you fix and resubmit it.',
  unregistered: 'Register your business phone number so carriers deliver your texts. Processing may take up to four weeks.',
  askOwner: 'An Owner or Admin of this location can register it.',
} as const;

/** Whether the location sends texts that carriers will block until its number is registered. */
export function needsTenDlcNotice(location: Pick<LocationItem, 'hs_10dlc' | 'twilio_verified'>, subscriptions: readonly string[]) {
  return (subscriptions.includes('kudoPro') || location.hs_10dlc) && location.twilio_verified !== 'verified';
}

/** A headline as a sentence of the banner: with its full stop, once. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

const storageKey = (location: LocationItem, state: string) => `kudo.10dlc-dismissed.${location.location_id}.${state}`;

function wasDismissed(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * The carrier-registration warning; dismissed for the browser session and per registration state. Owners and
 * Admins register from it (the form, with the fees) and follow the registration there: in review, or failed with
 * the carrier's reason, until it is approved and the banner goes.
 */
export function TenDlcBanner({ location, subject }: { location: LocationItem; subject: AccessSubject }) {
  const manager = subject.role === 'Owner' || subject.role === 'Admin';
  const shown = needsTenDlcNotice(location, subject.subscriptions);
  const status = useCarrierStatus(shown && manager);
  const queryClient = useQueryClient();
  const [details, setDetails] = useState(false);
  const registration = status.data;
  // The session's twilio_verified catches up once the carriers decide.
  const decided = registration?.status === 'approved' || registration?.status === 'failed';
  useEffect(() => {
    if (decided && registration.twilio_verified !== location.twilio_verified) void queryClient.invalidateQueries({ queryKey: sessionKeys.locations });
  }, [decided, registration?.twilio_verified, location.twilio_verified, queryClient]);

  const state = registration
    ? registration.status === 'not_submitted'
      ? ''
      : registration.status
    : location.twilio_verified === 'in_progress'
      ? 'in_review'
      : location.twilio_verified === 'rejected'
        ? 'failed'
        : '';
  const key = storageKey(location, state);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!shown || registration?.status === 'approved' || registration?.twilio_verified === 'verified') return null;
  if (dismissed === key || wasDismissed(key)) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(key, '1');
    } catch {
      // Without storage the banner still hides until the next page load.
    }
    setDismissed(key);
  };

  const inReview = state === 'pending' || state === 'in_review';
  const failed = state === 'failed';
  const statusLink = (
    <Link to={pathFor('settings-messaging-registration')} className={buttonClass('secondary', 'sm')}>
      View registration
    </Link>
  );
  return (
    <Banner
      strip
      tone={inReview ? 'warning' : 'danger'}
      title={TEXT.title}
      onDismiss={dismiss}
      actions={
        manager ? (
          inReview ? (
            statusLink
          ) : (
            <>
              {failed && (
                <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')}>
                  Contact support
                </a>
              )}
              <Button variant="danger" size="sm" onClick={() => setDetails(true)}>
                {failed ? 'Fix and resubmit' : 'Register Now'}
              </Button>
            </>
          )
        ) : failed ? (
          <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')}>
            Contact support
          </a>
        ) : undefined
      }
    >
      {inReview ? (
        <>
          <p>
            <strong>{sentence(registration ? carrierHeadline(registration) : 'In review (usually days)')}</strong> {TEXT.submitted} {CARRIER_WAIT_TEXT}
          </p>
        </>
      ) : (
        <>
          <p>{location.hs_10dlc ? TEXT.withPulsechecks : TEXT.messagesOnly}</p>
          <p>
            {failed && registration ? <strong>{sentence(carrierHeadline(registration))} </strong> : null}
            {failed ? (manager ? 'Correct the marked detail and resubmit, or contact support.' : TEXT.rejected) : TEXT.unregistered}{' '}
            {!failed && (
              <a href={EXTERNAL_LINKS.tenDlc.about} target="_blank" rel="noopener noreferrer">
                Learn about 10DLC registration
              </a>
            )}
            {!manager && !failed && ` ${TEXT.askOwner}`}
          </p>
        </>
      )}
      <Modal
        open={details}
        onOpenChange={setDetails}
        size="lg"
        title="Register your business for texting"
        description="Carriers need the legal name, EIN, business type, website, address and a contact of the business that sends the texts."
      >
        <CarrierRegistrationForm onSubmitted={() => setDetails(false)} />
      </Modal>
    </Banner>
  );
}
