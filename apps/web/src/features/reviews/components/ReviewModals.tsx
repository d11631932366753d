import { analyticsApi, MSG, siteLabel, US_STATES } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { isoDate } from '../../../components/DateRangeField';
import { Modal } from '../../../components/Modal';
import { SelectField } from '../../../components/SelectField';
import { TextAreaField } from '../../../components/TextAreaField';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { apiFieldErrors, errorMessage, type FieldErrors } from '../../../lib/forms';
import { useAddReview, useEditReview, type ReviewRow } from '../api/reviews';
import styles from './Reviews.module.css';

export interface CampaignOption {
  uid: string;
  name: string;
}

const STATE_OPTIONS = [{ value: '', label: 'Choose a state' }, ...US_STATES.map(([code, name]) => ({ value: code, label: name }))];
const campaignOptions = (campaigns: readonly CampaignOption[]) => [{ value: '', label: 'Choose a campaign' }, ...campaigns.map((c) => ({ value: c.uid, label: c.name }))];

export const EDIT_ZIP_MAX = 9;
export const ADD_ZIP_MAX = 5;

/** Edit Review: the campaign; for a pulseCheck answer the customer's name and where they live, for a review added by hand its comment. */
export function EditReviewModal({ locationId, row, campaigns, onClose }: { locationId: number; row: ReviewRow; campaigns: readonly CampaignOption[]; onClose: () => void }) {
  const [campaign, setCampaign] = useState(row.campaign_uid ?? '');
  const [name, setName] = useState(row.customer_name);
  const [city, setCity] = useState(row.customer_city);
  const [state, setState] = useState(row.customer_state);
  const [zipcode, setZipcode] = useState(row.customer_zipcode);
  const [comment, setComment] = useState(row.user_comment);
  const [errors, setErrors] = useState<FieldErrors>({});
  const edit = useEditReview(locationId);
  const kudo = row.source === 'kudo';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!campaign) return setErrors({ campaign_uid: MSG.reviewCampaignRequired });
    if (row.added_by_hand && !comment.trim()) return setErrors({ comment: MSG.reviewCommentRequired });
    setErrors({});
    edit.mutate(
      {
        transaction_id: row.transaction_id,
        source: row.source as analyticsApi.ReviewSource,
        campaign_uid: campaign,
        ...(kudo ? { name, city, state, zipcode } : {}),
        ...(row.added_by_hand && comment !== row.user_comment ? { comment } : {}),
      },
      { onSuccess: onClose, onError: (err) => setErrors({ ...apiFieldErrors(err), general: errorMessage(err) }) },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit Review"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="edit-review" loading={edit.isPending}>
            Submit Changes
          </Button>
        </>
      }
    >
      <form id="edit-review" className={styles.form} onSubmit={submit} noValidate>
        <SelectField label="Campaign" value={campaign} onChange={setCampaign} options={campaignOptions(campaigns)} error={errors.campaign_uid} />
        {row.added_by_hand && <TextAreaField label="Comment" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={5000} rows={4} error={errors.comment} />}
        {kudo && (
          <>
            <TextField label="Full name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} error={errors.name} autoComplete="off" />
            <div className={styles.formRow}>
              <TextField label="City" value={city} onChange={(e) => setCity(e.target.value)} maxLength={100} error={errors.city} autoComplete="off" />
              <SelectField label="State" value={state} onChange={setState} options={STATE_OPTIONS} error={errors.state} />
              <TextField label="Zipcode" value={zipcode} onChange={(e) => setZipcode(e.target.value)} maxLength={EDIT_ZIP_MAX} error={errors.zipcode} autoComplete="off" inputMode="numeric" />
            </div>
          </>
        )}
        {errors.general && Object.keys(errors).length === 1 && (
          <p className={styles.error} role="alert">
            {errors.general}
          </p>
        )}
      </form>
    </Modal>
  );
}

type Sentiment = analyticsApi.ReviewSentiment;
const SENTIMENT_OPTIONS = [
  { value: '', label: 'Choose a sentiment' },
  { value: 'positive', label: 'Positive' },
  { value: 'neutral', label: 'Neutral' },
  { value: 'negative', label: 'Negative' },
];
const SOURCE_OPTIONS = [{ value: '', label: 'Choose a source' }, ...analyticsApi.ADDABLE_REVIEW_SOURCES.map((s) => ({ value: s, label: s === 'other' ? 'Other' : siteLabel(s) }))];

export interface AddReviewForm {
  source: string;
  date: string;
  sentiment: '' | Sentiment;
  campaign: string;
  comment: string;
  approved: boolean;
  city: string;
  state: string;
  zip: string;
}

/** What the Add Review form lacks, field by field, with the specified messages. */
export function addReviewErrors(form: AddReviewForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.source) errors.source = MSG.reviewSourceRequired;
  if (!form.date) errors.date = MSG.reviewDateRequired;
  if (!form.sentiment) errors.sentiment = MSG.reviewSentimentRequired;
  if (!form.campaign) errors.campaign_uid = MSG.reviewCampaignRequired;
  if (!form.comment.trim()) errors.comment = MSG.reviewCommentRequired;
  return errors;
}

const EMPTY_ADD = (): AddReviewForm => ({ source: '', date: isoDate(new Date()), sentiment: '', campaign: '', comment: '', approved: false, city: '', state: '', zip: '' });

/** Add Review: a review received elsewhere, typed in by hand. A failure shows in a notification. */
export function AddReviewModal({ locationId, campaigns, open, onOpenChange }: { locationId: number; campaigns: readonly CampaignOption[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<AddReviewForm>(EMPTY_ADD);
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddReview(locationId);
  const toast = useToast();
  /** A changed field loses its message; the form is checked again on Add Review. */
  const forget = (key: string) => setErrors(({ [key]: _, ...rest }) => rest);
  const set = <K extends keyof AddReviewForm>(key: K, value: AddReviewForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    forget(key === 'campaign' ? 'campaign_uid' : key);
  };

  const close = (next: boolean) => {
    if (!next) {
      setForm(EMPTY_ADD());
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = addReviewErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || !form.sentiment) return;
    add.mutate(
      {
        source: form.source,
        date: form.date,
        sentiment: form.sentiment,
        campaign_uid: form.campaign,
        comment: form.comment,
        approved: form.approved,
        city: form.city,
        state: form.state,
        zip: form.zip,
      },
      {
        onSuccess: () => {
          toast.show({ tone: 'success', title: 'Review added' });
          close(false);
        },
        onError: (err) => {
          setErrors(apiFieldErrors(err));
          toast.show({ tone: 'error', title: 'Error', description: errorMessage(err) });
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Add Review"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="add-review" loading={add.isPending}>
            Add Review
          </Button>
        </>
      }
    >
      <form id="add-review" className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.formRow}>
          <SelectField label="Source" value={form.source} onChange={(v) => set('source', v)} options={SOURCE_OPTIONS} error={errors.source} />
          <TextField label="Date" type="date" value={form.date} max={isoDate(new Date())} onChange={(e) => set('date', e.target.value)} error={errors.date} />
        </div>
        <div className={styles.formRow}>
          <SelectField
            label="Sentiment"
            value={form.sentiment}
            // A new sentiment takes the approval back: only positive reviews may be approved.
            onChange={(v) => {
              setForm((f) => ({ ...f, sentiment: v as AddReviewForm['sentiment'], approved: false }));
              forget('sentiment');
            }}
            options={SENTIMENT_OPTIONS}
            error={errors.sentiment}
          />
          <SelectField label="Campaign" value={form.campaign} onChange={(v) => set('campaign', v)} options={campaignOptions(campaigns)} error={errors.campaign_uid} />
        </div>
        <TextAreaField label="Comment" value={form.comment} onChange={(e) => set('comment', e.target.value)} rows={4} maxLength={5000} error={errors.comment} />
        <label className={styles.check}>
          <input type="checkbox" checked={form.approved} disabled={form.sentiment !== 'positive'} onChange={(e) => set('approved', e.target.checked)} aria-describedby="approve-comment-hint" />
          Approve Comment
        </label>
        <p id="approve-comment-hint" className={styles.muted}>
          Only positive reviews can be approved for your widget and bio pages.
        </p>
        <div className={styles.formRow}>
          <TextField label="City" value={form.city} onChange={(e) => set('city', e.target.value)} maxLength={100} error={errors.city} autoComplete="off" />
          <SelectField label="State" value={form.state} onChange={(v) => set('state', v)} options={STATE_OPTIONS} error={errors.state} />
          <TextField label="Zipcode" value={form.zip} onChange={(e) => set('zip', e.target.value)} maxLength={ADD_ZIP_MAX} error={errors.zip} autoComplete="off" inputMode="numeric" />
        </div>
      </form>
    </Modal>
  );
}
