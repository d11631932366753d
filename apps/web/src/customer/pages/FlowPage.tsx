/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { nextStep, type FlowStep, type Mood } from '@kudo/shared';
import { api, type LocationData, type Validation } from '../api';
import { Layout, Loading } from '../Layout';
import { flowPath, navigate } from '../router';
import { keep, remember } from '../store';
import { MoodStep } from './MoodStep';
import { NotFoundPage } from './NotFoundPage';
import { RatingStep } from './RatingStep';
import { ReviewStep } from './ReviewStep';
import { SocialMediaStep } from './SocialMediaStep';
import { ThankYouStep } from './ThankYouStep';
import type { StepProps } from './step';

interface Loaded {
  validation: Validation;
  location: LocationData;
}

/** The pulseCheck pages of one link and campaign: validates the link, loads the business, runs the steps. */
export function FlowPage({ token, campaignUid, step, search }: { token: string; campaignUid: string; step: FlowStep; search: URLSearchParams }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [mood, setMood] = useState<Mood | null>(remember(token).mood ?? null);
  const [answered, setAnswered] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    Promise.all([api.validate(token), api.location(token, campaignUid)])
      .then(([validation, location]) => {
        if (!live) return;
        keep(token, { campaignUid, ...(validation.is_test ? { test: true } : {}) });
        if (validation.mood) setMood(validation.mood);
        setAnswered(validation.answered);
        setLoaded({ validation, location });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [token, campaignUid]);

  const referral = search.get('referral');
  if (referral) keep(token, { referral: referral.slice(0, 100) });

  const go = (from: FlowStep, location: LocationData) =>
    navigate(flowPath(token, campaignUid, nextStep(location.custom_flow_mode, from, location.social_media.length > 0)));

  const record = async (type: string, data: unknown) => {
    if (!loaded) return;
    try {
      const referral = type === 'mood' ? remember(token).referral : undefined;
      await api.submit(token, campaignUid, { type, data: referral ? { ...(data as object), referral } : data });
    } catch (e) {
      // Answered before (another tab, a back button): the answer stands, the customer moves on.
      if (!(e instanceof Error && 'status' in e && (e as { status: number }).status === 409)) throw e;
    }
    setAnswered((a) => [...a, type]);
    if (type === 'mood') {
      const m = (data as { mood: Mood }).mood;
      setMood(m);
      keep(token, { mood: m });
    }
  };
  const submit = (from: FlowStep) => async (type: string, data: unknown) => {
    await record(type, data);
    if (loaded) go(from, loaded.location);
  };

  // A mood in the link (?mood=positive from an email's faces) is recorded and skips the mood page.
  const linkMood = search.get('mood');
  useEffect(() => {
    if (!loaded || step !== 'mood' || !linkMood || !['negative', 'neutral', 'positive'].includes(linkMood)) return;
    void submit('mood')('mood', { mood: linkMood }).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, step, linkMood]);

  if (failed) return <NotFoundPage />;
  if (!loaded) return <Loading />;
  const { location, validation } = loaded;
  const test = validation.is_test || remember(token).test === true;
  const props: Omit<StepProps, 'submit' | 'next'> = { token, campaignUid, location, mood, answered, record };
  const stepProps = (from: FlowStep): StepProps => ({ ...props, submit: submit(from), next: () => go(from, location) });

  return (
    <Layout
      color={location.navbar_bkg_color}
      image={location.campaign_image_url ?? location.company_image}
      imageAlt={location.campaign_name ?? location.company_name}
      companyLogo={location.company_image}
      companyName={location.company_name}
      whitelabel={location.whitelabel}
      test={test}
      privacyUrl={location.privacy_policy_url}
    >
      {step === 'mood' && <MoodStep {...stepProps('mood')} />}
      {step === 'social-media' && <SocialMediaStep {...stepProps('social-media')} />}
      {step === 'rating' && <RatingStep {...stepProps('rating')} />}
      {step === 'review' && <ReviewStep {...stepProps('review')} />}
      {step === 'thank-you' && <ThankYouStep {...stepProps('thank-you')} />}
    </Layout>
  );
}
