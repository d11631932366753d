/** What the connectors share in reading a webhook: the signature comparison and the payload helpers. */
import { timingSafeEqual } from 'node:crypto';
import type { FieldJob } from './types.js';

/** Compares a signature the sender gave (hex or base64) with the one computed, in constant time. */
export function sameSignature(expected: Buffer, given: string): boolean {
  const trimmed = given.trim();
  const candidates = /^[0-9a-f]+$/i.test(trimmed) && trimmed.length === expected.length * 2 ? [Buffer.from(trimmed, 'hex')] : [];
  candidates.push(Buffer.from(trimmed, 'base64'));
  return candidates.some((c) => c.length === expected.length && timingSafeEqual(c, expected));
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** A time from a payload, or now when it has none that reads. */
export const timeOf = (v: string | null): Date => {
  const t = Date.parse(v ?? '');
  return new Date(Number.isFinite(t) ? t : Date.now());
};

/** The event's key with its job, or no job when the payload names no customer. */
export const eventJob = (eventKey: string, job: FieldJob): { eventKey: string; job: FieldJob | null } => ({ eventKey, job: job.customer.name ? job : null });
