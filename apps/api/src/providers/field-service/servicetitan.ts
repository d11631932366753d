import { createHmac } from 'node:crypto';
import { toE164 } from '@kudo/shared';
import { eventJob, obj, sameSignature, str, timeOf } from './payload.js';
import type { FieldJob } from './types.js';

/**
 * ServiceTitan's V2 webhooks are signed with the HMAC key entered for the app (32 to 64 characters): the signature
 * header carries the HMAC-SHA256 of the raw body (base64; hex is accepted too).
 */
export const SERVICETITAN_SIGNATURE_HEADER = 'x-servicetitan-signature';

export function verifyServiceTitan(rawBody: Buffer, signature: string, hmacKey: string): boolean {
  const expected = createHmac('sha256', hmacKey).update(rawBody).digest();
  return sameSignature(expected, signature);
}

const JOB_DONE = new Set(['job.completed', 'jobcompleted', 'job_completed']);

/**
 * The job of a job-completed event: eventId names the event; data is the job with its customer, its technician and
 * its tags. Null for any other event.
 */
export function serviceTitanJob(body: unknown): { eventKey: string; job: FieldJob | null } | null {
  const b = obj(body);
  const eventKey = str(b?.eventId) ?? str(b?.id);
  const type = (str(b?.eventType) ?? str(b?.type) ?? '').toLowerCase();
  if (!b || !eventKey) return null;
  const data = obj(b.data);
  const jobId = str(data?.id);
  if (!JOB_DONE.has(type) || !data || !jobId) return { eventKey, job: null };
  const customer = obj(data.customer);
  const name = str(customer?.name) ?? '';
  const phone = str(customer?.phoneNumber) ?? str(customer?.phone);
  const technician = obj(data.technician) ?? (Array.isArray(data.technicians) ? obj(data.technicians[0]) : null);
  return eventJob(eventKey, {
    externalId: jobId,
    completedAt: timeOf(str(data.completedOn)),
    customer: { name, phone: phone ? toE164(phone) : null, email: str(customer?.email)?.toLowerCase() ?? null },
    technician: { id: str(technician?.id), name: str(technician?.name) },
    tags: Array.isArray(data.tags) ? data.tags.map((t) => str(t) ?? str(obj(t)?.name)).filter((t): t is string => Boolean(t)) : [],
  });
}
