import { REPLY_LIMITS, REPLY_MSG, REPLY_TONE_LABELS, siteLabel, type ReplyDraftData } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { ExternalLinkIcon } from '../../../components/icons';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { TextAreaField } from '../../../components/TextAreaField';
import { useReplyDraft } from '../api/replies';
import styles from './ReplyComposer.module.css';

const WRITERS: Record<ReplyDraftData['draft']['written_by'], string> = { local: 'Kudo', anthropic: 'Claude', openai: 'OpenAI' };

export interface ReplyPosting {
  /** Posts the reply where the review takes it (`target`); `done` runs once it is posted. */
  post: (comment: string, done: () => void, target: Exclude<ReplyDraftData['target'], 'copy'>) => void;
  posting: boolean;
  error: string | null;
}

/**
 * The draft reply of a review, ready to edit: written from the review in the location's voice (Settings › Reviews).
 * Post sends it where the review takes replies (Google, or under the review on the bio page); a review Kudo cannot
 * answer (Facebook) gets Copy and a link to the site instead.
 */
export function ReplyComposer({
  locationId,
  reviewId,
  author,
  posting,
  onCancel,
}: {
  locationId: number;
  reviewId: number;
  author: string;
  /** Absent where Kudo cannot post (the review's target is copy). */
  posting?: ReplyPosting;
  onCancel?: () => void;
}) {
  const draft = useReplyDraft(locationId, reviewId);
  return (
    <QueryBoundary query={draft} compact loadingLabel="Writing a draft…" errorTitle="No draft">
      {(data) => <DraftForm key={data.draft.text} data={data} author={author} posting={posting} onCancel={onCancel} />}
    </QueryBoundary>
  );
}

/** The draft in an editable field, with Post (or Copy where Kudo cannot post). */
export function DraftForm({ data, author, posting, onCancel }: { data: ReplyDraftData; author: string; posting?: ReplyPosting | undefined; onCancel?: (() => void) | undefined }) {
  const [text, setText] = useState(data.draft.text);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const canPost = data.target !== 'copy' && posting !== undefined;
  const site = siteLabel(data.review.source);
  const where = data.target === 'google' ? 'on Google' : data.target === 'bio' ? 'under the review on the bio page' : `on ${site}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const comment = text.trim();
    if (!comment) return setError(REPLY_MSG.replyRequired);
    if (comment.length > REPLY_LIMITS.reply) return setError(REPLY_MSG.replyTooLong);
    setError(null);
    if (data.target !== 'copy') posting?.post(comment, () => undefined, data.target);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text.trim());
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label={`Reply to ${author}`}>
      <TextAreaField
        label={`Your reply to ${author}`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={6}
        maxChars={REPLY_LIMITS.reply}
        error={error ?? posting?.error ?? null}
        hint={`Draft by ${WRITERS[data.draft.written_by]} in your ${REPLY_TONE_LABELS[data.draft.tone].toLowerCase()} voice. Edit it before posting it ${where}.`}
      />
      <div className={styles.actions}>
        {onCancel && (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        {text !== data.draft.text && (
          <Button variant="ghost" size="sm" onClick={() => setText(data.draft.text)}>
            Back to the draft
          </Button>
        )}
        {canPost ? (
          <Button type="submit" size="sm" loading={posting.posting}>
            {data.reply ? 'Replace reply' : 'Post reply'}
          </Button>
        ) : (
          <>
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              Copy reply
            </Button>
            {data.review.url && (
              <a className={styles.external} href={data.review.url} target="_blank" rel="noreferrer">
                Reply on {site}
                <ExternalLinkIcon size={12} />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </>
        )}
      </div>
      <p role="status" className={styles.muted}>
        {copied === 'yes'
          ? `Copied: paste it as your reply on ${site}.`
          : copied === 'failed'
            ? 'Copying was refused by the browser: select the reply and copy it.'
            : !canPost && data.target === 'copy'
              ? `Kudo cannot post on ${site}: copy the reply and post it there.`
              : ''}
      </p>
    </form>
  );
}

/** The reply a review shows, and who posted it from Kudo. */
export function PostedReply({ reply, formatDay }: { reply: NonNullable<ReplyDraftData['reply']>; formatDay: (iso: string) => string }) {
  return (
    <div className={styles.posted}>
      <p className={styles.postedLabel}>
        Your reply
        {reply.updated_at && <span className={styles.muted}> · {formatDay(reply.updated_at)}</span>}
        <span className={styles.muted}> · {reply.posted_by ? `Posted by ${reply.posted_by}` : 'Written on the site'}</span>
      </p>
      <p className={styles.text}>{reply.comment}</p>
    </div>
  );
}
