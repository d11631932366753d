import { useId, useRef, useState } from 'react';
import { IMAGE_TYPES, isHttpsUrl, MSG } from '@kudo/shared';
import { cx } from '../lib/cx';
import { uploadImage } from '../lib/upload';
import { Button } from './Button';
import styles from './ImageUpload.module.css';
import { ProgressBar } from './ProgressBar';
import { TextField } from './TextField';

interface ImageUploadProps {
  label: string;
  /** The image's address, or null for none. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Also offer an "image URL" field (campaign images may come from elsewhere). */
  allowUrl?: boolean;
  hint?: string;
  /** A message from the form (required field, server error). */
  error?: string | null;
  disabled?: boolean;
  /** Drawn round for people's photos, square for logos. */
  shape?: 'square' | 'round';
}

/**
 * Choose an image, see it upload with progress, preview it, remove it. PNG, JPEG, GIF or WebP up to 5 MB;
 * the server checks the bytes again whatever the browser says.
 */
export function ImageUpload({ label, value, onChange, allowUrl, hint, error, disabled, shape = 'square' }: ImageUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const busy = progress !== null;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      onChange(await uploadImage(file, setProgress));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : MSG.somethingWentWrong);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const applyUrl = () => {
    const trimmed = url.trim();
    if (!isHttpsUrl(trimmed)) {
      setProblem(MSG.imageUrl);
      return;
    }
    setProblem(null);
    onChange(trimmed);
    setUrl('');
  };

  const message = problem ?? error ?? null;
  return (
    <div className={styles.field} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      <div className={styles.row}>
        <div className={cx(styles.preview, shape === 'round' && styles.round)}>
          {value ? <img src={value} alt={`${label} preview`} /> : <span className={styles.none}>No image</span>}
        </div>
        <div className={styles.actions}>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-label={`${label}: choose a file`}
            onChange={(e) => void choose(e.target.files?.[0])}
            disabled={disabled || busy}
          />
          <div className={styles.buttons}>
            <Button variant="secondary" size="sm" onClick={() => input.current?.click()} loading={busy} disabled={disabled}>
              {value ? 'Replace image' : 'Upload image'}
            </Button>
            {value && (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled || busy}>
                Remove
              </Button>
            )}
          </div>
          {busy && (
            <ProgressBar className={styles.progress} label={`Uploading ${label}`} percent={(progress ?? 0) * 100} />
          )}
          <p className={styles.hint}>{hint ?? 'PNG, JPEG, GIF or WebP, up to 5 MB.'}</p>
        </div>
      </div>
      {allowUrl && (
        <div className={styles.urlRow}>
          <TextField
            label="Or use an image URL"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyUrl();
              }
            }}
            disabled={disabled || busy}
          />
          <Button variant="secondary" size="sm" onClick={applyUrl} disabled={disabled || busy || !url.trim()}>
            Use URL
          </Button>
        </div>
      )}
      {message && (
        <p className={styles.error} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
