import type { AreaSeeder } from './types.js';

/**
 * The logs of what the other seeds made as if it had been sent: the seeds write dispatches, contact card
 * sends, conversation messages, opt-outs and review syncs straight into their tables, without the sending
 * path that records them in the product, so the same records are written here from those rows (the same
 * times, campaigns, customers and statuses).
 */
export const seedLogs: AreaSeeder = async (tx, { austinId, dallasId, now }) => {
  for (const locationId of [austinId, dallasId]) {
    // Every pulseCheck and bio that went out by SMS, and the contact cards texted after a pulseCheck.
    await tx.$executeRaw`
      INSERT INTO sms_messages (location_id, direction, "to", "from", body, provider, provider_id, status, app, campaign_id, created_at, updated_at)
      SELECT x.location_id, 'outbound', x.to, l.sms_number, x.body, 'local', x.provider_id, 'delivered', x.app, x.campaign_id, x.at, x.at
      FROM (
        SELECT d.location_id, d.customer_phone AS "to",
               CASE WHEN d.kind = 'pcheck' THEN 'How did ' || c.name || ' do? Tell us in a few taps.' ELSE 'Meet ' || c.name || ', your technician.' END AS body,
               'seed-dispatch-' || d.id AS provider_id, CASE WHEN d.source IN ('bulk', 'boost') THEN d.source ELSE 'dispatch' END AS app,
               d.campaign_id, d.created_at AS at
          FROM dispatches d JOIN campaigns c ON c.id = d.campaign_id
         WHERE d.location_id = ${locationId} AND d.sms_status = 1 AND d.customer_phone IS NOT NULL
        UNION ALL
        SELECT s.location_id, s."to", 'Save our number: your contact card is ready.', 'seed-card-' || s.id, 'card', NULL, s.sent_at
          FROM contact_card_sends s
         WHERE s.location_id = ${locationId} AND s.status = 'sent' AND s.sent_at IS NOT NULL
      ) x JOIN locations l ON l.id = x.location_id
      ORDER BY x.at`;
    // Every pulseCheck and bio that went out by email.
    await tx.$executeRaw`
      INSERT INTO email_logs (location_id, app, campaign_id, "to", subject, template, provider, provider_id, status, created_at)
      SELECT d.location_id, CASE WHEN d.source IN ('bulk', 'boost') THEN d.source ELSE 'dispatch' END, d.campaign_id, lower(d.customer_email),
             CASE WHEN d.kind = 'pcheck' THEN 'How did ' || c.name || ' do? ' || coalesce(nullif(l.company_name, ''), l.name) || ' would love to know'
                  ELSE 'Meet ' || c.name || ' from ' || coalesce(nullif(l.company_name, ''), l.name) END,
             d.kind, 'local', 'seed-dispatch-' || d.id, 'sent', d.created_at
        FROM dispatches d JOIN campaigns c ON c.id = d.campaign_id JOIN locations l ON l.id = d.location_id
       WHERE d.location_id = ${locationId} AND d.email_status = 1 AND d.customer_email IS NOT NULL
       ORDER BY d.created_at`;
  }
  // The staff's answers in Austin's conversations went out as texts too.
  await tx.$executeRaw`
    INSERT INTO sms_messages (location_id, direction, "to", "from", body, provider, provider_id, status, app, created_at, updated_at)
    SELECT m.location_id, 'outbound', c.phone, l.sms_number, m.body, 'local', 'seed-message-' || m.id, 'delivered', 'inbox', m.created_at, m.created_at
      FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id JOIN locations l ON l.id = m.location_id
     WHERE m.location_id = ${austinId} AND m.direction = 'outbound' AND m.sms_message_id IS NULL
     ORDER BY m.created_at`;
  // The review syncs that brought in the Google and Facebook reviews.
  await tx.$executeRaw`
    INSERT INTO api_tasks (location_id, app, task, status, message, created_at, finished_at)
    SELECT s.location_id, 'social-reviews', CASE WHEN s.platform = 'google' THEN 'Google' ELSE 'Facebook' END || ' reviews sync', 'success',
           'Reviews and ratings are up to date.', s.last_synced_at - interval '20 seconds', s.last_synced_at
      FROM review_sync_states s
     WHERE s.location_id = ${austinId} AND s.last_synced_at IS NOT NULL`;
  // Two customers of Austin who answered STOP to a pulseCheck text: their opt-out and its confirmation.
  const stopped = await tx.$queryRaw<{ to: string; at: Date }[]>`
    SELECT "to", created_at + interval '7 minutes' AS at FROM sms_messages
     WHERE location_id = ${austinId} AND direction = 'outbound' AND app = 'dispatch' AND created_at < ${new Date(now.getTime() - 3 * 86_400_000)}
     ORDER BY created_at DESC LIMIT 2`;
  for (const s of stopped) {
    await tx.consentState.upsert({
      where: { locationId_channel_address_scope: { locationId: austinId, channel: 'sms', address: s.to, scope: 'all' } },
      create: { locationId: austinId, channel: 'sms', address: s.to, scope: 'all', optedOut: true, updatedAt: s.at },
      update: { optedOut: true },
    });
    await tx.consentEvent.create({ data: { locationId: austinId, channel: 'sms', address: s.to, scope: 'all', action: 'opt_out', source: 'keyword', detail: 'STOP', createdAt: s.at } });
  }
};
