import type { Db } from '../../lib/db.js';
import type { SmsMessage, SmsProvider, SmsSent } from './types.js';

/** Writes each SMS to the outbox table, where the Dev outbox page shows it. */
export function localSmsProvider(db: Db, from: string): SmsProvider {
  const sendMany = async (messages: SmsMessage[]): Promise<PromiseSettledResult<SmsSent>[]> => {
    const body = (m: SmsMessage) => (m.mediaUrl ? `${m.body}\n[media] ${m.mediaUrl}` : m.body);
    // One statement for any number of messages; the rows come back in the order given.
    const rows = await db.$queryRaw<{ id: number; from: string }[]>`
      INSERT INTO outbox_messages (channel, location_id, "to", "from", body)
      SELECT 'sms', v.location_id, v.to, v.from, v.body
      FROM unnest(${messages.map((m) => m.locationId ?? null)}::int[], ${messages.map((m) => m.to)}::text[], ${messages.map((m) => m.from ?? from)}::text[],
                  ${messages.map(body)}::text[]) AS v(location_id, "to", "from", body)
      RETURNING id, "from"`;
    return rows.map((row) => ({ status: 'fulfilled', value: { id: `outbox-${row.id}`, from: row.from } }));
  };
  return {
    kind: 'local',
    sendMany,
    async send(message: SmsMessage) {
      const [sent] = await sendMany([message]);
      return (sent as PromiseFulfilledResult<SmsSent>).value;
    },
  };
}
