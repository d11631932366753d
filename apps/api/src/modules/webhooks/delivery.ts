import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { PRODUCT, WEBHOOK_LIMITS, WEBHOOK_RETRY_DELAYS_SECONDS } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { decryptSecret } from '../../lib/crypto.js';
import { actionEmail } from '../../lib/mail.js';
import { deliveryQueries, subscriptionQueries, type ClaimedDelivery } from './queries.js';
import { checkUrlForm, checkedLookup, resolveTarget, TargetError } from './targets.js';

type Deps = AppDeps & { log: Log };

/** The channel the outbox triggers NOTIFY on (at commit), with the event's row id. */
export const WEBHOOK_CHANNEL = 'kudo_webhooks';

/** Deliveries one worker attempts at once. */
const CONCURRENCY = 5;
/** A run stops claiming after this long; the next wake-up or the minute's run goes on. */
const RUN_MS = 45_000;

type Claimed = ClaimedDelivery;

/**
 * Claims due deliveries for this worker: pending, due, of an active subscription; `onlyId` narrows it to one. Of two
 * workers only one gets a row, and a claimed row is not claimed again while its attempt is in flight.
 */
export function claimDue(deps: AppDeps, limit: number, onlyId?: number): Promise<Claimed[]> {
  return deliveryQueries.claimDue(deps.db, limit, onlyId);
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
    await deliveryQueries.recordSuccess(deps.db, c, result.status);
    await subscriptionQueries.clearFailing(deps.db, c.subscription_id);
    return;
  }
  const delay = retryDelaySeconds(c.attempts);
  // A subscription switched off while this attempt was in flight (by another failing delivery) gets no retry: its
  // waiting deliveries were failed then, and this one fails with them.
  await deliveryQueries.recordFailure(deps.db, c, { status: result.status, error: result.error }, delay);
  if (await subscriptionQueries.markFailing(deps.db, c.subscription_id)) await switchOff(deps, c.subscription_id);
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
  const off = await subscriptionQueries.switchOff(deps.db, subscriptionId);
  if (!off) return;
  await subscriptionQueries.failWaiting(deps.db, subscriptionId);
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
  await deliveryQueries.releaseLostClaims(deps.db);
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
