import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/forms';
import { useReplyAsCustomer } from '../api/outbox';
import styles from './OutboxMessageCard.module.css';

/** Reply to a text as the customer who received it (try STOP, START or HELP). */
export function ReplyForm({ customer, business }: { customer: string; business: string }) {
  const [body, setBody] = useState('');
  const reply = useReplyAsCustomer();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    reply.mutate({ from: customer, to: business, body }, { onSuccess: () => setBody('') });
  };
  return (
    <form className={styles.reply} onSubmit={submit}>
      <TextField
        label={`Reply as ${customer}`}
        placeholder="Type a reply, or STOP, START, HELP"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        maxLength={1600}
        error={reply.isError ? errorMessage(reply.error) : null}
      />
      <Button type="submit" variant="secondary" size="sm" loading={reply.isPending} disabled={!body.trim()}>
        Send reply
      </Button>
    </form>
  );
}
