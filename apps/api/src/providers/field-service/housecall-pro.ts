import { createHmac } from 'node:crypto';
import { toE164 } from '@kudo/shared';
import { eventJob, obj, sameSignature, str, timeOf } from './payload.js';
import type { FieldJob } from './types.js';

/**
 * Housecall Pro signs each webhook with the signing secret shown where webhooks are set up: Api-Signature is the
 * HMAC-SHA256 (hex) of Api-Timestamp, a dot and the raw body. A timestamp more than five minutes off is refused,
 * so a captured request cannot be replayed later.
 */
export const HOUSECALL_PRO_TOLERANCE_MS = 5 * 60_000;

export function verifyHousecallPro(rawBody: Buffer, timestamp: string, signature: string, secret: string, now = Date.now()): boolean {
  if (!/^\d{1,16}$/.test(timestamp)) return false;
  const n = Number(timestamp);
  const ms = n > 1e12 ? n : n * 1000;
  if (Math.abs(now - ms) > HOUSECALL_PRO_TOLERANCE_MS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return sameSignature(expected, signature);
}

/**
 * The job of a job.completed event (Housecall Pro sends the whole job), with the key that names the event: its id
 * when the body has one, else the event, the job and its completion time. Null for any other event.
 */
export function housecallProJob(body: unknown): { eventKey: string; job: FieldJob | null } | null {
  const b = obj(body);
  const event = str(b?.event);
  const job = obj(b?.job);
  if (!b || !event) return null;
  const jobId = str(job?.id);
  const timestamps = obj(job?.work_timestamps);
  const completedAt = str(timestamps?.completed_at) ?? str(job?.completed_at);
  const eventKey = str(b.id) ?? str(b.event_id) ?? `${event}:${jobId ?? '-'}:${completedAt ?? '-'}`;
  if (event !== 'job.completed' || !job || !jobId) return { eventKey, job: null };
  const customer = obj(job.customer);
  const name = [str(customer?.first_name), str(customer?.last_name)].filter(Boolean).join(' ') || str(customer?.company) || '';
  const phone = [customer?.mobile_number, customer?.home_number, customer?.work_number].map((p) => (str(p) ? toE164(str(p)!) : null)).find(Boolean) ?? null;
  const employee = Array.isArray(job.assigned_employees) ? obj(job.assigned_employees[0]) : null;
  const techName = [str(employee?.first_name), str(employee?.last_name)].filter(Boolean).join(' ') || null;
  return eventJob(eventKey, {
    externalId: jobId,
    completedAt: timeOf(completedAt),
    customer: { name, phone, email: str(customer?.email)?.toLowerCase() ?? null },
    technician: { id: str(employee?.id), name: techName },
    tags: Array.isArray(job.tags) ? job.tags.map(str).filter((t): t is string => Boolean(t)) : [],
  });
}
