import { useQueryClient } from '@tanstack/react-query';
import { MSG, type GoogleGrant, type PlaceItem } from '@kudo/shared';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ROUTES, type ReturnState } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { PlaceSearch } from '../../../components/PlaceSearch';
import { LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/forms';
import { OAuthCancelled, signInWithPopup, takeRedirectedSignIn } from '../../../lib/oauthPopup';
import { setAuthFlag } from '../../../lib/session/authFlag';
import { loadAllUserData } from '../../../lib/session/queries';
import { googleAuthUrl, useSignup, useValidateAuth } from '../api/onboarding';
import { OnboardingFrame } from '../components/OnboardingFrame';
import styles from '../components/Onboarding.module.css';
import { clearAccount, reachStep, readAccount, readProgress, trialTypeOf } from '../utils/progress';
import { useStepGuard } from '../utils/useStep';

type Choice = { kind: 'google'; locationId: string; name: string } | { kind: 'place'; place: PlaceItem };

/**
 * Step 1: the business to collect reviews for, by Google sign-in (its Business Profile locations) or, when
 * the sign-up has a source, a place on the map; then the account is created.
 */
export default function ConnectPage() {
  const redirect = useStepGuard(1);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { account, password } = readAccount();
  const { source } = readProgress();
  const auth = useValidateAuth();
  const signup = useSignup();
  const [grant, setGrant] = useState<GoogleGrant | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [googleError, setGoogleError] = useState<string | null>(null);
  const here = useLocation();
  const [created, setCreated] = useState(false);
  // Logged in: the guard of this guest step moves the new owner on to the screen in `from`, as after a login.
  const from = (here.state as ReturnState | null)?.from;
  useEffect(() => {
    if (created && from) setAuthFlag(queryClient, true);
  }, [created, from, queryClient]);

  const connectWith = (code: string) =>
    auth.mutate(code, {
      onSuccess: ({ data, message }) => {
        setChoice(null);
        setGrant(data);
        setGoogleError(data.locations.length === 0 ? (message ?? MSG.googleNoLocations) : null);
      },
      onError: (error) => {
        setChoice(null);
        setGrant(null);
        setGoogleError(errorMessage(error) || MSG.googleConnectTrouble);
      },
    });

  // A sign-in that came back to this page itself (the browser cut the popup off from it).
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const back = takeRedirectedSignIn(params);
    if (params.has('oauth')) setParams({}, { replace: true });
    if (back?.provider === 'google') connectWith(back.code);
    // Runs once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (redirect) return <Navigate to={redirect} replace />;
  // The password stays in the page's memory only: after a reload, step 0 asks for it again.
  if (!account || !password) {
    if (created) return <LoadingState fullPage />;
    reachStep(0);
    return <Navigate to={ROUTES['onboarding-account-details'].path} replace />;
  }

  const connect = async () => {
    try {
      connectWith(await signInWithPopup('google', googleAuthUrl));
    } catch (error) {
      if (!(error instanceof OAuthCancelled)) setGoogleError(errorMessage(error) || MSG.googleConnectTrouble);
    }
  };

  const create = async () => {
    if (!choice) return;
    const business =
      choice.kind === 'google' && grant
        ? { accessToken: grant.accessToken, locationId: choice.locationId, businessName: choice.name, logo: null }
        : choice.kind === 'place'
          ? { placeId: choice.place.placeId, businessName: choice.place.name }
          : null;
    if (!business) return;
    const type = trialTypeOf(source);
    try {
      await signup.mutateAsync({ ...account, password, terms: true, freeTrialType: type, ...business });
    } catch {
      // The red notification shows the reason; the user stays on this step.
      return;
    }
    await loadAllUserData(queryClient, { fresh: true }).catch(() => undefined);
    if (type !== 'lite') reachStep(2);
    setCreated(true);
    clearAccount();
    const next = type === 'lite' ? ROUTES.dashboard.path : ROUTES['onboarding-preview-pulsecheck'].path;
    navigate(here.pathname, { replace: true, state: { from: next } satisfies ReturnState });
  };

  const locations = grant?.locations ?? [];
  return (
    <OnboardingFrame title="Confirm the Google location you'd like to collect reviews for." position="Step 2 of 6">
      {signup.isError && (
        <Banner tone="danger" title="Your account was not created">
          {errorMessage(signup.error) || MSG.serverError}
        </Banner>
      )}
      <div className={styles.form}>
        <Button variant={grant ? 'secondary' : 'primary'} size="lg" onClick={connect} loading={auth.isPending}>
          Connect to Google
        </Button>
        {googleError && (
          <p className={styles.error} role="alert">
            {googleError}
          </p>
        )}
        {grant && (
          <fieldset className={styles.choices}>
            <legend>Confirm your business</legend>
            {locations.length === 0 ? (
              <p className={styles.muted}>No locations found</p>
            ) : (
              locations.map((l) => (
                <label key={l.id} className={styles.choice}>
                  <input
                    type="radio"
                    name="business"
                    checked={choice?.kind === 'google' && choice.locationId === l.id}
                    onChange={() => setChoice({ kind: 'google', locationId: l.id, name: l.name })}
                  />
                  <span>
                    {l.name}
                    <span className={styles.choiceSub}>{l.address.addressLines[0] ?? ''}</span>
                  </span>
                </label>
              ))
            )}
            <Button variant="link" onClick={connect}>
              Sign into a different Google account
            </Button>
          </fieldset>
        )}
        {source !== null && (
          <>
            <p className={styles.or}>OR</p>
            <PlaceSearch scope="signup" onPick={(place) => setChoice({ kind: 'place', place })} />
            {choice?.kind === 'place' && (
              <p className={styles.muted} role="status">
                Selected: <strong>{choice.place.name}</strong>, {choice.place.address}
              </p>
            )}
          </>
        )}
      </div>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={() => navigate(ROUTES['onboarding-account-details'].path)}>
          Back
        </Button>
        <Button size="lg" disabled={!choice} loading={signup.isPending} onClick={create}>
          {source !== null ? 'Finish' : 'Next'}
        </Button>
      </div>
    </OnboardingFrame>
  );
}
