import { fillPath, systemApi, type OutboxMessage } from '@kudo/shared';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { MailIcon, MessageIcon } from '../../../components/icons';
import { cx } from '../../../lib/cx';
import { linkify } from '../utils/linkify';
import { ReplyForm } from './ReplyForm';
import styles from './OutboxMessageCard.module.css';

function LinkedText({ text }: { text: string }) {
  return (
    <p className={styles.text}>
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.href}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * An email's HTML in a sandbox without scripts or same-origin rights, so it cannot touch the app; links
 * may still open, in a new tab.
 */
function EmailHtml({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      className={styles.html}
      title={title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={`<base target="_blank">${html}`}
    />
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  const [showHtml, setShowHtml] = useState(false);
  const email = message.channel === 'email';
  return (
    <article className={styles.card} aria-label={`${email ? 'Email' : 'SMS'} to ${message.to}`}>
      <header className={styles.header}>
        <span className={cx(styles.channel, email ? styles.email : styles.sms)}>
          {email ? <MailIcon size={14} /> : <MessageIcon size={14} />}
          {email ? 'Email' : 'SMS'}
        </span>
        <dl className={styles.meta}>
          <div>
            <dt>To</dt>
            <dd>{message.to}</dd>
          </div>
          <div>
            <dt>From</dt>
            <dd>{message.from}</dd>
          </div>
        </dl>
        <time className={styles.time} dateTime={message.created_at}>
          {timeFormat.format(new Date(message.created_at))}
        </time>
      </header>
      {message.subject && <h2 className={styles.subject}>{message.subject}</h2>}
      {showHtml && message.html ? (
        <EmailHtml html={message.html} title={`Email: ${message.subject ?? message.to}`} />
      ) : (
        <LinkedText text={message.body} />
      )}
      {message.attachments.length > 0 && (
        <ul className={styles.attachments} aria-label="Attachments">
          {message.attachments.map((a) => (
            <li key={a.id}>
              <a href={`/api${fillPath(systemApi.devOutboxAttachment.path, { id: a.id })}`} download={a.filename}>
                {a.filename}
              </a>{' '}
              <span className={styles.size}>({Math.max(1, Math.round(a.size / 1024))} KB)</span>
            </li>
          ))}
        </ul>
      )}
      {!email && <ReplyForm customer={message.to} business={message.from} />}
      {message.html && (
        <div className={styles.actions}>
          <Button variant="ghost" size="sm" onClick={() => setShowHtml((v) => !v)} aria-pressed={showHtml}>
            {showHtml ? 'Show plain text' : 'Show HTML'}
          </Button>
        </div>
      )}
    </article>
  );
}
