import { useState, type FormEvent } from 'react';
import { CARD_DELAY_OPTIONS, CARD_LIMITS, MSG, formatPhone, type CardSettingsData } from '@kudo/shared';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Banner } from '../../../components/Banner';
import { Button, buttonClass } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ImageUpload } from '../../../components/ImageUpload';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ErrorState } from '../../../components/States';
import { Switch } from '../../../components/Switch';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { apiFieldErrors, errorMessage, type FieldErrors } from '../../../lib/forms';
import { downloadFile, useCardSettings, useSaveCardSettings } from '../api/card';
import { ListEditor } from '../components/ListEditor';
import { TextAreaField } from '../../../components/TextAreaField';
import { delayLabel, parseCardPhone, parseEmail, phoneProblem, splitTerms } from '../utils/fields';
import styles from './ContactInformationPage.module.css';

export default function ContactInformationPage() {
  const settings = useCardSettings();
  return (
    <SettingsFrame
      section="settings-contact-card"
      lead="The contact card your customers save to their phones: scanned from the QR code or texted after a pulseCheck."
    >
      <QueryBoundary query={settings}>
        {(data) => (
          <div className={styles.columns}>
            <ContactForm key={settings.dataUpdatedAt} data={data} />
            <QrPanel data={data} />
          </div>
        )}
      </QueryBoundary>
    </SettingsFrame>
  );
}

/** The first server message of a list field (`emails.2`) or of the field itself. */
const listError = (errors: FieldErrors, field: string): string | null =>
  errors[field] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field}.`))?.[1] ?? null;

function ContactForm({ data }: { data: CardSettingsData }) {
  const toast = useToast();
  const save = useSaveCardSettings();
  const details = data.vcfDetails;
  const [companyName, setCompanyName] = useState(details.overrides.companyName ?? '');
  const [companyLogo, setCompanyLogo] = useState<string | null>(details.overrides.companyLogo);
  const [primary, setPrimary] = useState(details.voicePhones[0] ? formatPhone(details.voicePhones[0]) : '');
  const [sms, setSms] = useState(details.textPhones[0] ? formatPhone(details.textPhones[0]) : '');
  const [outbound, setOutbound] = useState<string[]>(details.voicePhones.slice(1));
  const [emails, setEmails] = useState<string[]>(details.emails);
  const [terms, setTerms] = useState(details.searchTerms.join(', '));
  const [note, setNote] = useState(details.note);
  const [enabled, setEnabled] = useState(data.enabled);
  const [delay, setDelay] = useState(data.delayTime);
  const [errors, setErrors] = useState<FieldErrors>({});

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const p = phoneProblem(primary);
    if (p) found.primaryPhoneNumber = p;
    const s = phoneProblem(sms);
    if (s) found.smsPhoneNumber = s;
    const list = splitTerms(terms);
    if (list.length > CARD_LIMITS.searchTerms) found.searchTerms = MSG.cardSearchTermsTooMany;
    else if (list.some((t) => t.length > CARD_LIMITS.searchTermMax)) found.searchTerms = MSG.cardSearchTermTooLong;
    if (note.length > CARD_LIMITS.noteMax) found.note = MSG.cardNoteTooLong;
    if (companyName.length > CARD_LIMITS.companyNameMax) found.companyName = MSG.cardCompanyNameTooLong;
    return found;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      {
        companyName: companyName.trim(),
        companyLogo,
        primaryPhoneNumber: primary,
        smsPhoneNumber: sms,
        phoneNumbers: outbound,
        emails,
        searchTerms: splitTerms(terms),
        note,
        enabled,
        delayTime: delay,
      },
      {
        onSuccess: ({ message }) => toast.show({ title: message ?? MSG.cardSaved, tone: 'success' }),
        onError: (error) => {
          console.error('Contact card save failed', error);
          setErrors(apiFieldErrors(error));
          const message = error instanceof ApiError && error.message ? error.message : MSG.cardSaveFailed;
          toast.show({ title: 'Error', description: message, tone: 'error' });
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Card title="Company" description="Leave these empty to use the name and logo of your account.">
        <div className={styles.stack}>
          <ImageUpload
            label="Logo"
            value={companyLogo}
            onChange={setCompanyLogo}
            hint={companyLogo ? undefined : data.defaults.companyLogo ? 'Using your account logo.' : 'PNG, JPEG, GIF or WebP, up to 5 MB.'}
            error={errors.companyLogo}
          />
          <TextField
            label="Company name"
            value={companyName}
            onChange={(e) => setCompanyName(e.target.value)}
            placeholder={data.defaults.companyName}
            maxLength={CARD_LIMITS.companyNameMax}
            error={errors.companyName}
          />
        </div>
      </Card>

      <Card title="Phones">
        <div className={styles.stack}>
          <div className={styles.pair}>
            <TextField
              label="Primary phone"
              value={primary}
              onChange={(e) => setPrimary(e.target.value)}
              onBlur={() => {
                const parsed = parseCardPhone(primary);
                if ('value' in parsed) setPrimary(formatPhone(parsed.value));
              }}
              inputMode="tel"
              autoComplete="off"
              placeholder="(512) 555-0100"
              error={errors.primaryPhoneNumber}
            />
            <TextField
              label="SMS phone"
              value={sms}
              onChange={(e) => setSms(e.target.value)}
              onBlur={() => {
                const parsed = parseCardPhone(sms);
                if ('value' in parsed) setSms(formatPhone(parsed.value));
              }}
              inputMode="tel"
              autoComplete="off"
              placeholder="(512) 555-0101"
              hint="The number customers can text."
              error={errors.smsPhoneNumber}
            />
          </div>
          <ListEditor
            label="Outbound phone numbers"
            listLabel="Outbound numbers"
            items={outbound}
            onChange={setOutbound}
            parse={parseCardPhone}
            display={formatPhone}
            max={CARD_LIMITS.outboundPhones}
            placeholder="(512) 555-0102"
            inputMode="tel"
            emptyText="No outbound numbers. Add the numbers your team calls customers from, so they recognise you."
            error={listError(errors, 'phoneNumbers')}
          />
        </div>
      </Card>

      <Card title="Emails">
        <ListEditor
          label="Add an email"
          listLabel="Emails on the card"
          items={emails}
          onChange={setEmails}
          parse={parseEmail}
          max={CARD_LIMITS.emails}
          placeholder="office@example.com"
          inputMode="email"
          emptyText="No emails on the card yet."
          error={listError(errors, 'emails')}
        />
      </Card>

      <Card title="Search terms & notes">
        <div className={styles.stack}>
          <TextField
            label="Search terms"
            value={terms}
            onChange={(e) => setTerms(e.target.value)}
            placeholder="plumber, water heater, drain cleaning"
            hint={`Words customers might search their contacts for, separated by commas (up to ${CARD_LIMITS.searchTerms}).`}
            error={errors.searchTerms ?? listError(errors, 'searchTerms')}
          />
          <TextAreaField
            label="Notes"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxChars={CARD_LIMITS.noteMax}
            rows={3}
            placeholder="Opening hours, emergency line, service area…"
            error={errors.note}
          />
        </div>
      </Card>

      <Card title="Automatic sending">
        <div className={styles.stack}>
          <Switch checked={enabled} onCheckedChange={setEnabled} label="Send Contact Card after pulseCheck" />
          <fieldset className={styles.radios} disabled={!enabled} aria-describedby="card-delay-hint">
            <legend className={styles.legend}>Send it after</legend>
            <div className={styles.radioRow}>
              {CARD_DELAY_OPTIONS.map((seconds) => (
                <label key={seconds} className={styles.radio}>
                  <input type="radio" name="delayTime" value={seconds} checked={delay === seconds} onChange={() => setDelay(seconds)} />
                  {delayLabel(seconds)}
                </label>
              ))}
            </div>
            <p id="card-delay-hint" className={styles.hint}>
              {enabled ? 'Counted from the customer’s pulseCheck answer.' : 'Turn on sending to choose the delay.'}
            </p>
          </fieldset>
          {errors.delayTime && <p className={styles.error}>{errors.delayTime}</p>}
        </div>
      </Card>

      <div className={styles.footer}>
        <Button type="submit" loading={save.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

function QrPanel({ data }: { data: CardSettingsData }) {
  const toast = useToast();
  const [busy, setBusy] = useState<'png' | 'svg' | null>(null);
  const [broken, setBroken] = useState(false);
  const name = data.vcfDetails.overrides.companyName ?? data.defaults.companyName;

  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ title: 'Copied!', description: 'The link to your contact card is on the clipboard.', tone: 'success' });
    } catch {
      toast.show({ title: 'Error', description: `Copy this link: ${url}`, tone: 'error' });
    }
  };

  const download = async (format: 'png' | 'svg') => {
    const url = format === 'png' ? data.qrcodePng : data.qrcodeSvg;
    if (!url) return;
    setBusy(format);
    try {
      await downloadFile(url, `${name} QR code.${format}`);
    } catch (e) {
      toast.show({ title: 'Error', description: errorMessage(e), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <aside className={styles.side}>
      <Card title="QR code" description="Print it on invoices, trucks and leave-behinds: scanning it saves your card.">
        {data.qrcodePng && !broken ? (
          <div className={styles.qr}>
            <img src={data.qrcodePng} alt={`QR code that saves the contact card of ${name}`} className={styles.qrImage} width={220} height={220} onError={() => setBroken(true)} />
            <div className={styles.qrActions}>
              <Button variant="secondary" size="sm" onClick={() => void download('png')} loading={busy === 'png'} disabled={!data.qrcodePng}>
                Download PNG
              </Button>
              <Button variant="secondary" size="sm" onClick={() => void download('svg')} loading={busy === 'svg'} disabled={!data.qrcodeSvg}>
                Download SVG
              </Button>
            </div>
            {data.vcardUrl && (
              <div className={styles.qrActions}>
                <a className={buttonClass('ghost', 'sm')} href={data.vcardUrl} download>
                  Download vCard
                </a>
                <Button variant="ghost" size="sm" onClick={() => void copyLink(data.vcardUrl!)}>
                  Copy link
                </Button>
              </div>
            )}
          </div>
        ) : broken ? (
          <ErrorState compact message="The QR code could not be loaded." onRetry={() => setBroken(false)} />
        ) : (
          <Banner tone="warning" title="Set up your contact card first">
            Save your contact information to create the QR code and the link customers use to save your card.
          </Banner>
        )}
      </Card>
    </aside>
  );
}
