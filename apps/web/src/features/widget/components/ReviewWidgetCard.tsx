import { formatPhone, MSG, toE164 } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button, buttonClass } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { CheckIcon, ExternalLinkIcon } from '../../../components/icons';
import { cx } from '../../../lib/cx';
import { errorMessage } from '../../../lib/forms';
import { pathFor } from '../../../config/routes';
import { useAddFacebookTab, useSaveWidgetSettings, useShareReviewWidget, type LoadedWebWidget } from '../api/widget';
import { copyText, COPIED } from './CodeSnippet';
import { DotSettingsModal } from './DotSettingsModal';
import { widgetIdFromUrl } from '../utils/widget';
import styles from './Widget.module.css';

type Flag = 0 | 1;
const FLAGS = [
  { key: 'showActivityAlert', label: 'Show Dash', hint: 'A small note by the dot with the number of recent reviews.' },
  { key: 'showImages', label: 'Show Campaign Images', hint: 'The technician’s photo beside each review.' },
  { key: 'showRatingsAlways', label: 'Always Show Ratings', hint: 'The average rating on the dot itself.' },
  { key: 'showaudio', label: 'Show Audio Reviews', hint: 'A player for reviews recorded as audio.' },
] as const;
type FlagKey = (typeof FLAGS)[number]['key'];

export function ReviewWidgetCard({
  locationId,
  loaded,
  businessName,
}: {
  locationId: number;
  loaded: LoadedWebWidget;
  businessName: string;
}) {
  const { settings, widgetUrl, widgetKey, facebookTab, reviewCount, approvedCount } = loaded.widgetSetting;
  const save = useSaveWidgetSettings(locationId);
  const share = useShareReviewWidget();
  const facebook = useAddFacebookTab(locationId);
  const toast = useToast();
  const [flags, setFlags] = useState<Record<FlagKey, Flag>>(() => ({
    showActivityAlert: settings.showActivityAlert,
    showImages: settings.showImages,
    showRatingsAlways: settings.showRatingsAlways,
    showaudio: settings.showaudio,
  }));
  const [phone, setPhone] = useState(formatPhone(settings.phoneNumber));
  const [dotOpen, setDotOpen] = useState(false);
  const [dotSession, setDotSession] = useState(0);

  const normalized = phone.trim() === '' ? '' : toE164(phone);
  const phoneError = normalized === null ? MSG.widgetInvalidPhone : null;
  const dirty =
    FLAGS.some((f) => flags[f.key] !== settings[f.key]) || (normalized !== null && normalized !== settings.phoneNumber);
  const dotEnabled = settings.showpullout === 1;
  const previewPath = pathFor('preview-review-widget', { id: widgetIdFromUrl(widgetUrl) });

  const onError = (err: unknown) => toast.show({ tone: 'error', title: MSG.widgetError, description: errorMessage(err) });

  const makePermanent = (event: FormEvent) => {
    event.preventDefault();
    if (normalized === null) return;
    save.mutate(
      { ...flags, phoneNumber: normalized },
      {
        onSuccess: ({ message, data }) => {
          setPhone(formatPhone(data.settings.phoneNumber));
          toast.show({ tone: 'success', title: message ?? MSG.widgetSettingsSaved });
        },
        onError,
      },
    );
  };

  const enableDot = () =>
    save.mutate(
      { showpullout: 1 },
      { onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? MSG.dotEnabled }), onError },
    );

  const copyShareLink = () =>
    share.mutate(undefined, {
      onSuccess: async ({ url }) => {
        const ok = await copyText(url);
        toast.show(ok ? { tone: 'success', title: COPIED, description: url } : { tone: 'info', title: 'Share link', description: url });
      },
      onError,
    });

  const addFacebookTab = () =>
    facebook.mutate(undefined, {
      onSuccess: ({ message, data }) =>
        toast.show({ tone: 'success', title: message ?? MSG.widgetInstalled, description: `Added to ${data.pageName || 'your Facebook page'}.` }),
      onError,
    });

  return (
    <Card title="Review Widget" description="Show your best reviews on your website, with an honest link to all of them.">
      {approvedCount === 0 && (
        <Banner tone="warning" title="No reviews selected yet" className={styles.banner}>
          {reviewCount === 0
            ? 'You have no reviews yet. The widget shows your rating and selected reviews as soon as customers leave them.'
            : `None of your ${reviewCount} reviews is selected for the widget yet, so it shows only your rating and the link to all reviews.`}
        </Banner>
      )}
      <ol className={styles.steps}>
        <li className={styles.step}>
          <span className={styles.stepNumber} aria-hidden="true">
            1
          </span>
          <form onSubmit={makePermanent} noValidate aria-labelledby="step-setup">
            <h3 className={styles.stepTitle} id="step-setup">
              Set up widget
            </h3>
            <fieldset className={styles.checks}>
              <legend className="visually-hidden">Widget options</legend>
              {FLAGS.map((f) => (
                <label key={f.key} className={styles.check} title={f.hint}>
                  <input
                    type="checkbox"
                    checked={flags[f.key] === 1}
                    onChange={(e) => setFlags((old) => ({ ...old, [f.key]: e.target.checked ? 1 : 0 }))}
                  />
                  {f.label}
                </label>
              ))}
            </fieldset>
            <div className={styles.phoneRow}>
              <TextField
                label="Phone number"
                type="tel"
                autoComplete="tel"
                placeholder="(512) 555-0100"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                error={phoneError}
                hint={phoneError ? undefined : 'Shown in the widget as a Call button. Leave empty for none.'}
              />
              <Button type="submit" loading={save.isPending && !dotOpen} disabled={normalized === null || !dirty}>
                Make Permanent
              </Button>
            </div>
          </form>
        </li>

        <li className={styles.step}>
          <span className={styles.stepNumber} aria-hidden="true">
            2
          </span>
          <div>
            <h3 className={styles.stepTitle}>My Dot</h3>
            <p className={cx(styles.text, styles.muted)}>
              The dot is a button on your website that opens your reviews.
            </p>
            <div className={styles.row} style={{ marginTop: 12 }}>
              {dotEnabled ? (
                <>
                  <span className={styles.status}>
                    <CheckIcon size={16} /> Your dot is enabled
                  </span>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setDotSession((n) => n + 1);
                      setDotOpen(true);
                    }}
                  >
                    My Dot Settings
                  </Button>
                </>
              ) : (
                <>
                  <span className={cx(styles.status, styles.statusOff)}>Your dot is disabled</span>
                  <Button onClick={enableDot} loading={save.isPending}>
                    Enable My Dot
                  </Button>
                </>
              )}
            </div>
          </div>
        </li>

        <li className={styles.step}>
          <span className={styles.stepNumber} aria-hidden="true">
            3
          </span>
          <div>
            <h3 className={styles.stepTitle}>Test Out Widget</h3>
            <div className={styles.row}>
              <a className={buttonClass('primary')} href={previewPath} target="_blank" rel="noopener noreferrer">
                Open Widget <ExternalLinkIcon size={14} />
              </a>
              <Button variant="secondary" onClick={copyShareLink} loading={share.isPending}>
                Copy Share Link
              </Button>
              <Button variant="ghost" onClick={addFacebookTab} loading={facebook.isPending}>
                {facebookTab ? 'Update Facebook Tab' : 'Add to Facebook Page'}
              </Button>
            </div>
            {facebookTab && (
              <p className={styles.muted} style={{ marginTop: 8 }}>
                Installed on your Facebook page on {new Date(facebookTab.addedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}.
              </p>
            )}
          </div>
        </li>
      </ol>
      {dotEnabled && (
        <DotSettingsModal
          key={dotSession}
          open={dotOpen}
          onOpenChange={setDotOpen}
          locationId={locationId}
          widgetKey={widgetKey}
          businessName={businessName}
          saved={settings}
          containerSnippet={loaded.snippets.static_container}
        />
      )}
    </Card>
  );
}
