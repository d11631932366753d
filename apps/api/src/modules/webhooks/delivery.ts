import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { PRODUCT, WEBHOOK_LIMITS, WEBHOOK_MSG, WEBHOOK_RETRY_DELAYS_SECONDS } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { decryptSecret } from '../../lib/crypto.js';
import { Prisma } from '../../lib/db.js';
import { actionEmail } from '../../lib/mail.js';
import { checkUrlForm, checkedLookup, resolveTarget, TargetError } from './targets.js';

type Deps = AppDeps & { log: Log };

/** The channel the outbox triggers NOTIFY on (at commit), with the event's row id. */
export const WEBHOOK_CHANNEL = 'kudo_webhooks';

/** An attempt not finished after this long is taken to be lost (its worker stopped) and may be made again. */
const CLAIM_SECONDS = 60;
/** Deliveries one worker attempts at once. */
const CONCURRENCY = 5;
/** A run stops claiming after this long; the next wake-up or the minute's run goes on. */
const RUN_MS = 45_000;

const UTC_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

interface Claimed {
  id: number;
  attempts: number;
  subscription_id: number;
  location_id: number;
  event_public_id: string;
  body: string;
  url: string;
  secret: string;
}

/**
 * Claims due deliveries for this worker: pending, due, of an active subscription; `onlyId` narrows it to one. The
 * row lock (SKIP LOCKED) and the status change happen in one statement, so of two workers only one gets a row, and
 * a claimed row is not claimed again while its attempt is in flight.
 */
export async function claimDue(deps: AppDeps, limit: number, onlyId?: number): Promise<Claimed[]> {
  return deps.db.$queryRaw<Claimed[]>`
    WITH due AS (
       SELECT d.id FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${UTC_NOW} ${onlyId === undefined ? Prisma.empty : Prisma.sql`AND d.id = ${onlyId}`}
          AND EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = d.subscription_id AND s.status = 'active')
        ORDER BY d.next_attempt_at, d.id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE webhook_deliveries d
          SET status = 'delivering', attempts = d.attempts + 1, last_attempt_at = ${UTC_NOW},
              claimed_until = ${UTC_NOW} + make_interval(secs => ${CLAIM_SECONDS})
         FROM due WHERE d.id = due.id
       RETURNING d.id, d.attempts, d.subscription_id, d.location_id, d.event_id)
     SELECT c.id, c.attempts, c.subscription_id, c.location_id, e.public_id AS event_public_id, e.body, s.url, s.secret
       FROM claimed c JOIN webhook_events e ON e.id = c.event_id JOIN webhook_subscriptions s ON s.id = c.subscription_id`;
}

export interface AttemptResult {
  status: number | null;
  error: string | null;
}

/** The headers of one attempt, signed as the Standard Webhooks scheme says (the timestamp is the attempt's). */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': `${PRODUCT.name}-Webhooks/1.0`,
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

const describe = (error: unknown): string => {
  if (error instanceof TargetError) return error.message;
  const e = error as NodeJS.ErrnoException & { name?: string };
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.code === 'ABORT_ERR') return `No answer within ${WEBHOOK_LIMITS.timeoutSeconds} seconds.`;
  if (e.code === 'EWEBHOOKTARGET') return e.message;
  if (e.code === 'ECONNREFUSED') return 'The connection was refused.';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return "The URL's host name could not be found.";
  if (e.code === 'ECONNRESET') return 'The connection was closed before an answer came.';
  if (typeof e.code === 'string' && (e.code.startsWith('ERR_TLS') || e.code.includes('CERT') || e.code.startsWith('ERR_SSL'))) return `TLS failed: ${e.code}.`;
  return e.message ? e.message.slice(0, 300) : 'The request failed.';
};

/**
 * POSTs one event to the address: the host checked again now, the connection pinned to the addresses checked, no
 * redirects followed, at most WEBHOOK_LIMITS.timeoutSeconds for the whole exchange, and only the first
 * WEBHOOK_LIMITS.responseBytes of the answer read. Never throws: what went wrong is the result's error.
 */
export async function sendOnce(allowPrivate: boolean, target: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
  try {
    const url = checkUrlForm(target, allowPrivate);
    await resolveTarget(url, allowPrivate);
    const signal = AbortSignal.timeout(WEBHOOK_LIMITS.timeoutSeconds * 1000);
    const client = url.protocol === 'https:' ? https : http;
    const status = await new Promise<number>((resolve, reject) => {
      const request = client.request(
        url,
        { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: checkedLookup(url, allowPrivate), signal },
        (response) => {
          let read = 0;
          const done = () => resolve(response.statusCode ?? 0);
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read >= WEBHOOK_LIMITS.responseBytes) {
              response.destroy();
              done();
            }
          });
          response.on('end', done);
          response.on('error', (error) => (read >= WEBHOOK_LIMITS.responseBytes ? done() : reject(error)));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    return { status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` };
  } catch (error) {
    return { status: null, error: describe(error) };
  }
}

/** Seconds until the next attempt after `attempts` failed ones; null when the retries are used up. */
export function retryDelaySeconds(attempts: number): number | null {
  return attempts >= 1 && attempts <= WEBHOOK_RETRY_DELAYS_SECONDS.length ? WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1]! : null;
}

/**
 * Writes an attempt's outcome: succeeded, or pending again with the next retry's time, or failed when the retries
 * are used up. Written only if the row is still this attempt's (a lost claim made again is another attempt). A
 * failure starts (or continues) the subscription's failing stretch; a day of it switches the subscription off.
 */
async function record(deps: Deps, c: Claimed, result: AttemptResult): Promise<void> {
  if (result.error === null) {
    await deps.db.$executeRaw`
      UPDATE webhook_deliveries SET status = 'succeeded', delivered_at = ${UTC_NOW}, last_status = ${result.status}, last_error = NULL,
             next_attempt_at = NULL, claimed_until = NULL
       WHERE id = ${c.id} AND status = 'delivering' AND attempts = ${c.attempts}`;
    await deps.db.$executeRaw`UPDATE webhook_subscriptions SET failing_since = NULL WHERE id = ${c.subscription_id} AND failing_since IS NOT NULL`;
    return;
  }
  const delay = retryDelaySeconds(c.attempts);
  // A subscription switched off while this attempt was in flight (by another failing delivery) gets no retry: its
  // waiting deliveries were failed then, and this one fails with them.
  const retry = delay === null ? Prisma.sql`false` : Prisma.sql`EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = ${c.subscription_id} AND s.status = 'active')`;
  await deps.db.$executeRaw`
    UPDATE webhook_deliveries
       SET status = CASE WHEN ${retry} THEN 'pending' ELSE 'failed' END, last_status = ${result.status}, last_error = ${result.error}, claimed_until = NULL,
           next_attempt_at = CASE WHEN ${retry} THEN ${UTC_NOW} + make_interval(secs => ${delay ?? 0}) END
     WHERE id = ${c.id} AND status = 'delivering' AND attempts = ${c.attempts}`;
  const [sub] = await deps.db.$queryRaw<{ failing_for_day: boolean }[]>`
    UPDATE webhook_subscriptions SET failing_since = coalesce(failing_since, ${UTC_NOW})
     WHERE id = ${c.subscription_id} RETURNING failing_since <= ${UTC_NOW} - make_interval(hours => ${WEBHOOK_LIMITS.disableAfterHours}) AS failing_for_day`;
  if (sub?.failing_for_day) await switchOff(deps, c.subscription_id);
  else if (delay !== null && deps.jobs) {
    // Woken for the retry's time; the minute's run would find it too.
    await deps.jobs.send(deliverWebhooksJob, {}, { startAfter: new Date(Date.now() + delay * 1000 + 250) });
  }
}

/**
 * Switches a subscription off after a day of failures: its waiting deliveries fail, and the location's Owners are
 * told once — by the one worker whose update switched it off.
 */
async function switchOff(deps: Deps, subscriptionId: number): Promise<void> {
  const [off] = await deps.db.$queryRaw<{ id: number; location_id: number; url: string }[]>`
    UPDATE webhook_subscriptions SET status = 'disabled', disabled_at = ${UTC_NOW}
     WHERE id = ${subscriptionId} AND status = 'active' RETURNING id, location_id, url`;
  if (!off) return;
  await deps.db.$executeRaw`
    UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = coalesce(last_error, ${WEBHOOK_MSG.switchedOff})
     WHERE subscription_id = ${subscriptionId} AND status = 'pending'`;
  deps.log.warn({ subscriptionId, locationId: off.location_id }, 'webhook switched off after a day of failed deliveries');
  const owners = await deps.db.membership.findMany({
    where: { locationId: off.location_id, active: true, role: 'Owner' },
    select: { user: { select: { email: true, firstName: true } }, location: { select: { name: true } } },
  });
  for (const o of owners) {
    const { text, html } = actionEmail({
      greeting: `Hi ${o.user.firstName || 'there'},`,
      intro: `For a day, every event we sent to the webhook ${off.url} of ${o.location.name} failed, so we switched it off: it receives nothing more until it is switched back on.`,
      action: 'Open Webhooks',
      url: `${deps.config.publicUrl}/settings/integrations/webhooks`,
      outro: 'Each delivery there shows the answer we got. Once the address answers again, switch the webhook back on and redeliver what it missed.',
    });
    await deps.providers.email
      .send({ to: o.user.email, subject: `${PRODUCT.name}: a webhook of ${o.location.name} was switched off`, text, html, locationId: off.location_id, audience: 'staff', template: 'webhook-disabled' })
      .catch((err: unknown) => deps.log.error({ err, subscriptionId }, 'webhook switch-off email failed'));
  }
}

/** Makes one claimed attempt and records it. */
async function deliver(deps: Deps, c: Claimed): Promise<void> {
  let result: AttemptResult;
  try {
    const secret = decryptSecret(deps.config, c.secret);
    const headers = signedHeaders(secret, c.event_public_id, c.body, new Date());
    result = await sendOnce(deps.config.webhooks.allowPrivate, c.url, headers, c.body);
  } catch (error) {
    result = { status: null, error: describe(error) };
  }
  await record(deps, c, result);
}

/** Attempts made abandoned (their worker stopped mid-attempt) are due again. */
async function releaseLostClaims(deps: AppDeps): Promise<void> {
  await deps.db.$executeRaw`
    UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ${UTC_NOW}, claimed_until = NULL
     WHERE status = 'delivering' AND claimed_until < ${UTC_NOW}`;
}

/**
 * Delivers what is due, a few at a time, until nothing is due or the run has lasted long enough. Returns how many
 * attempts it made. `onlyId`: that delivery alone, if it is due.
 */
export async function deliverDue(deps: Deps, onlyId?: number): Promise<number> {
  await releaseLostClaims(deps);
  const started = Date.now();
  let made = 0;
  for (;;) {
    const batch = await claimDue(deps, CONCURRENCY, onlyId);
    if (batch.length === 0) break;
    await Promise.all(batch.map((c) => deliver(deps, c)));
    made += batch.length;
    if (onlyId !== undefined || Date.now() - started > RUN_MS) break;
  }
  return made;
}

/**
 * Delivers due webhook events. Woken by the outbox's NOTIFY as events commit, sent for a retry's time, and run every
 * minute for anything a wake-up missed. Its own retries are the deliveries' schedule, not the job's.
 */
export const deliverWebhooksJob = defineJob({
  name: 'webhooks.deliver',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  wakeOn: WEBHOOK_CHANNEL,
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  async handler(_payload, deps) {
    await deliverDue(deps);
  },
});
