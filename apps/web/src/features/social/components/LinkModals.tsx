import { isHttpUrl, MSG, SOCIAL_LIMITS, SOCIAL_TYPE_LABELS, type SocialAccount, type SocialSiteType } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { apiFieldErrors, errorMessage, type FieldErrors } from '../../../lib/forms';
import type { SaveAccountInput } from '../api/social';
import styles from './Social.module.css';

const urlProblem = (value: string) => (value && !isHttpUrl(value) ? MSG.socialUrlInvalid : null);

/** Add a site by its homepage (E032). */
export function AddLinkModal({
  type,
  onOpenChange,
  saving,
  onSave,
}: {
  type: SocialSiteType | null;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  onSave: (url: string, onError: (error: unknown) => void) => void;
}) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = type ? SOCIAL_TYPE_LABELS[type] : '';
  const close = (open: boolean) => {
    if (!open) {
      setUrl('');
      setError(null);
    }
    onOpenChange(open);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = url.trim();
    const problem = value ? urlProblem(value) : MSG.socialUrlRequired;
    if (problem) return setError(problem);
    onSave(value, (err) => setError(apiFieldErrors(err).social_media_url ?? errorMessage(err)));
  };
  return (
    <Modal
      open={type !== null}
      onOpenChange={close}
      title={`Add ${label}`}
      description={`Paste the address of your business's ${label} page.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="add-link-form" loading={saving}>
            Add
          </Button>
        </>
      }
    >
      <form id="add-link-form" className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={`${label} homepage`}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
          error={error}
          maxLength={SOCIAL_LIMITS.urlMax}
          autoFocus
        />
      </form>
    </Modal>
  );
}

export interface EditTarget {
  /** 'custom' adds a custom link; otherwise the row's key. */
  key: string;
  type: SocialAccount['type'];
  title: string;
  reviewPage: string;
  homepage: string;
  /** Shown above the form, e.g. the warning that opened it. */
  note?: string;
}

/** Edit a row's review page and homepage, or add or edit a custom link (E033). */
export function EditLinkModal({
  target,
  onOpenChange,
  saving,
  onSave,
}: {
  target: EditTarget | null;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  onSave: (input: SaveAccountInput, onError: (error: unknown) => void) => void;
}) {
  return (
    <Modal
      open={target !== null}
      onOpenChange={onOpenChange}
      title={
        !target
          ? ''
          : target.key === 'custom'
            ? 'Add Custom Link'
            : target.type === 'custom'
              ? `Edit ${target.title || 'Custom Link'}`
              : `Edit ${SOCIAL_TYPE_LABELS[target.type]} Links`
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="edit-link-form" loading={saving}>
            Save
          </Button>
        </>
      }
    >
      {target && <EditForm key={target.key + target.note} target={target} onSave={onSave} />}
    </Modal>
  );
}

function EditForm({ target, onSave }: { target: EditTarget; onSave: (input: SaveAccountInput, onError: (error: unknown) => void) => void }) {
  const custom = target.type === 'custom';
  const [values, setValues] = useState({ title: target.title, review_page: target.reviewPage, homepage: target.homepage });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((x) => ({ ...x, [field]: '', _: '' }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = { title: values.title.trim(), review_page: values.review_page.trim(), homepage: values.homepage.trim() };
    const found: FieldErrors = {};
    if (custom && !v.title) found.title = MSG.socialTitleRequired;
    const reviewProblem = urlProblem(v.review_page);
    const homeProblem = urlProblem(v.homepage);
    if (reviewProblem) found.review_page = reviewProblem;
    if (homeProblem) found.homepage = homeProblem;
    if (!v.review_page && !v.homepage) found[custom ? 'homepage' : 'review_page'] = MSG.socialUrlRequired;
    if (Object.keys(found).length) return setErrors(found);
    onSave({ social_media: target.key, ...(custom ? { title: v.title } : {}), review_page: v.review_page, homepage: v.homepage }, (err) => {
      const fields = apiFieldErrors(err);
      setErrors(Object.keys(fields).length ? fields : { _: errorMessage(err) });
    });
  };
  return (
    <form id="edit-link-form" className={styles.form} onSubmit={submit} noValidate>
      {target.note && <p className={styles.pending}>{target.note}</p>}
      {custom && (
        <TextField label="Title" value={values.title} onChange={set('title')} error={errors.title || null} maxLength={SOCIAL_LIMITS.titleMax} placeholder="e.g. Yelp" />
      )}
      <TextField
        label="Review page"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values.review_page}
        onChange={set('review_page')}
        error={errors.review_page || null}
        hint="Where customers leave a review."
        maxLength={SOCIAL_LIMITS.urlMax}
      />
      <TextField
        label="Homepage"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values.homepage}
        onChange={set('homepage')}
        error={errors.homepage || null}
        hint="Your business's page on the site."
        maxLength={SOCIAL_LIMITS.urlMax}
      />
      {errors._ && (
        <p role="alert" style={{ color: 'var(--color-danger)' }}>
          {errors._}
        </p>
      )}
    </form>
  );
}
