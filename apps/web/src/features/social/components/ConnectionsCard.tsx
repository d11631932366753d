import { useQueryClient } from '@tanstack/react-query';
import { MSG, SITE_LABELS, type FacebookConnectionState, type GoogleConnectionState } from '@kudo/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toast';
import { cx } from '../../../lib/cx';
import { errorMessage } from '../../../lib/forms';
import {
  fetchAuthUrl,
  socialKeys,
  useFacebookConnect,
  useFacebookPageSelect,
  useFacebookSignOut,
  useGoogleConnect,
  useGoogleSaveLocation,
  useGoogleSignOut,
} from '../api/social';
import { OAuthCancelled, signInWithPopup, takeRedirectedSignIn } from '../../../lib/oauthPopup';
import { SiteBadge } from './SiteBadge';
import styles from './Social.module.css';

type Provider = 'google' | 'facebook';
const LABEL: Record<Provider, string> = { google: 'Google Business Profile', facebook: 'Facebook' };

function StatusPill({ status }: { status: 'connected' | 'expired' | null }) {
  if (status === 'expired') return <span className={cx(styles.status, styles.statusExpired)}>Expired</span>;
  if (status === 'connected') return <span className={cx(styles.status, styles.statusOn)}>Connected</span>;
  return <span className={cx(styles.status, styles.statusOff)}>Not connected</span>;
}

/** One connection's box: red-bordered with Reconnect when it expired. */
function ConnectionBox({
  provider,
  status,
  subtitle,
  onSignIn,
  signingIn,
  onSignOut,
  children,
}: {
  provider: Provider;
  status: 'connected' | 'expired' | null;
  subtitle?: string;
  onSignIn: () => void;
  signingIn: boolean;
  onSignOut: () => void;
  children?: ReactNode;
}) {
  const label = LABEL[provider];
  const name = SITE_LABELS[provider];
  return (
    <section className={cx(styles.connection, status === 'expired' && styles.expired)} aria-label={label} data-testid={`${provider}-connection`}>
      <div className={styles.connectionHead}>
        <SiteBadge type={provider} />
        <div className={styles.spacer}>
          <div className={styles.connectionTitle}>{label}</div>
          {subtitle && <div className={styles.muted}>{subtitle}</div>}
        </div>
        <StatusPill status={status} />
      </div>
      {status === 'expired' && (
        <p role="alert">
          Your {name} connection has expired, so new reviews are not coming in. Reconnect to keep them in sync.
        </p>
      )}
      {children}
      <div className={styles.row}>
        {status === null && (
          <Button onClick={onSignIn} loading={signingIn}>
            Sign in with {name}
          </Button>
        )}
        {status === 'expired' && (
          <Button variant="danger" onClick={onSignIn} loading={signingIn}>
            Reconnect
          </Button>
        )}
        {status !== null && (
          <Button variant="ghost" onClick={onSignOut}>
            Sign out
          </Button>
        )}
      </div>
    </section>
  );
}

/** A radio list to pick one item, with a Save button; the 'No … found.' text when empty. */
function Picker<T extends { id: string }>({
  legend,
  items,
  selectedId,
  empty,
  describe,
  saving,
  onSave,
}: {
  legend: string;
  items: T[];
  selectedId: string | null;
  empty: string;
  describe: (item: T) => { title: string; detail?: string };
  saving: boolean;
  onSave: (item: T) => void;
}) {
  const [choice, setChoice] = useState<string | null>(selectedId);
  if (items.length === 0) return <p className={styles.muted}>{empty}</p>;
  const picked = items.find((i) => i.id === choice) ?? null;
  return (
    <div className={styles.form} style={{ gap: 'var(--space-3)' }}>
      <fieldset className={styles.choices}>
        <legend className={styles.muted} style={{ marginBottom: 'var(--space-2)' }}>
          {legend}
        </legend>
        {items.map((item) => {
          const { title, detail } = describe(item);
          return (
            <label key={item.id} className={styles.choice}>
              <input type="radio" name={legend} value={item.id} checked={choice === item.id} onChange={() => setChoice(item.id)} />
              <span>
                <span className={styles.optionName}>{title}</span>
                {detail && <span className={styles.optionAddress}> · {detail}</span>}
                {item.id === selectedId && <span className={styles.copied}> (current)</span>}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div>
        <Button variant="secondary" size="sm" disabled={!picked || picked.id === selectedId} loading={saving} onClick={() => picked && onSave(picked)}>
          Save
        </Button>
      </div>
    </div>
  );
}

/** Connect Business Profiles: Google Business Profile and Facebook sign-in, location and page choice. */
export function ConnectionsCard({
  locationId,
  google,
  facebook,
}: {
  locationId: number;
  google: GoogleConnectionState;
  facebook: FacebookConnectionState;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const googleConnect = useGoogleConnect(locationId);
  const googleSave = useGoogleSaveLocation(locationId);
  const googleSignOut = useGoogleSignOut(locationId);
  const facebookConnect = useFacebookConnect(locationId);
  const facebookSelect = useFacebookPageSelect(locationId);
  const facebookSignOut = useFacebookSignOut(locationId);
  const [popupOpen, setPopupOpen] = useState<Provider | null>(null);
  const [signingOut, setSigningOut] = useState<Provider | null>(null);

  const failed = (error: unknown) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) });
  const done = ({ message }: { message?: string }, fallback?: string) => {
    const title = message ?? fallback;
    if (title) toast.show({ tone: title === MSG.noLocationsFound || title === MSG.noPagesFound ? 'info' : 'success', title });
  };

  const signIn = async (provider: Provider) => {
    setPopupOpen(provider);
    try {
      const code = await signInWithPopup(provider, () => fetchAuthUrl(provider));
      const connect = provider === 'google' ? googleConnect : facebookConnect;
      connect.mutate(code, { onSuccess: (r) => done(r, `${LABEL[provider]} connected.`), onError: failed });
    } catch (error) {
      if (!(error instanceof OAuthCancelled)) failed(error);
      // The popup may have finished the sign-in on its own (see takeRedirectedSignIn): show what the server has.
      else void queryClient.invalidateQueries({ queryKey: socialKeys.load(locationId) });
    } finally {
      setPopupOpen(null);
    }
  };

  // A sign-in whose popup lost its opener lands back here with the code in the address.
  const [params, setParams] = useSearchParams();
  const redirected = useRef(false);
  useEffect(() => {
    if (redirected.current || !params.has('oauth')) return;
    redirected.current = true;
    const result = takeRedirectedSignIn(params);
    setParams({}, { replace: true });
    if (!result) return;
    const connect = result.provider === 'google' ? googleConnect : facebookConnect;
    connect.mutate(result.code, { onSuccess: (r) => done(r, `${LABEL[result.provider]} connected.`), onError: failed });
  });

  const signOut = (provider: Provider) => {
    const mutation = provider === 'google' ? googleSignOut : facebookSignOut;
    mutation.mutate(undefined, {
      onSuccess: (r) => {
        done(r);
        setSigningOut(null);
      },
      onError: (error) => {
        failed(error);
        setSigningOut(null);
      },
    });
  };

  return (
    <Card title="Connect Business Profiles" description="Sign in so that your Google and Facebook reviews come into Kudo.">
      <ConnectionBox
        provider="google"
        status={google.status}
        subtitle={google.accountName || undefined}
        onSignIn={() => void signIn('google')}
        signingIn={popupOpen === 'google' || googleConnect.isPending}
        onSignOut={() => setSigningOut('google')}
      >
        {google.status === 'connected' && (
          <Picker
            key={`${google.accountId}-${google.location?.id ?? ''}`}
            legend="Choose the Google location of this business"
            items={google.locations}
            selectedId={google.location?.id ?? null}
            empty={MSG.noLocationsFound}
            describe={(l) => ({
              title: l.name,
              detail: [l.address.addressLines.join(', '), l.address.locality, l.address.administrativeArea].filter(Boolean).join(', '),
            })}
            saving={googleSave.isPending}
            onSave={(l) => googleSave.mutate(l.id, { onSuccess: (r) => done(r), onError: failed })}
          />
        )}
      </ConnectionBox>
      <ConnectionBox
        provider="facebook"
        status={facebook.status}
        subtitle={facebook.userName || undefined}
        onSignIn={() => void signIn('facebook')}
        signingIn={popupOpen === 'facebook' || facebookConnect.isPending}
        onSignOut={() => setSigningOut('facebook')}
      >
        {facebook.status === 'connected' && (
          <Picker
            key={`${facebook.userName}-${facebook.pageSelected?.id ?? ''}`}
            legend="Choose the Facebook page of this business"
            items={facebook.pageList}
            selectedId={facebook.pageSelected?.id ?? null}
            empty={MSG.noPagesFound}
            describe={(p) => ({ title: p.name })}
            saving={facebookSelect.isPending}
            onSave={(p) => facebookSelect.mutate(p, { onSuccess: (r) => done(r), onError: failed })}
          />
        )}
      </ConnectionBox>
      <ConfirmDialog
        open={signingOut !== null}
        onOpenChange={(open) => !open && setSigningOut(null)}
        title={`Sign out of ${signingOut ? LABEL[signingOut] : ''}?`}
        message="New reviews from it will stop coming in until you sign in again. Your review links stay as they are."
        confirmLabel="Sign out"
        busy={googleSignOut.isPending || facebookSignOut.isPending}
        onConfirm={() => signingOut && signOut(signingOut)}
      />
    </Card>
  );
}
