import { MSG, isValidEmail, toE164, type AutoReplyData, type EscalationContactItem } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { badRequest, notFound } from '../../lib/errors.js';

interface ContactInput {
  name: string;
  email: string;
  phone_number: string;
  delay: number;
}

const toItem = (row: { id: number; name: string; email: string; phoneNumber: string; delay: number }): EscalationContactItem => ({
  contact_id: row.id,
  name: row.name,
  email: row.email,
  phone_number: row.phoneNumber,
  delay: row.delay,
});

/**
 * The email and phone a contact is reached at. At least one must be valid; one that is typed but not
 * valid is refused rather than silently dropped.
 */
export function contactChannels(input: { email: string; phone_number: string }): { email: string; phoneNumber: string } {
  const email = input.email.trim().toLowerCase();
  const phoneNumber = input.phone_number.trim() ? toE164(input.phone_number) : '';
  const emailOk = email !== '' && isValidEmail(email);
  if (!emailOk && !phoneNumber) throw badRequest(MSG.escalationNoContact);
  if (email && !emailOk) throw badRequest(MSG.validEmail, { email: MSG.validEmail });
  if (phoneNumber === null) throw badRequest(MSG.validPhone, { phone_number: MSG.validPhone });
  return { email, phoneNumber };
}

export async function fetchContacts(ctx: LocationCtx): Promise<EscalationContactItem[]> {
  const rows = await ctx.db.escalationContact.findMany({
    where: { locationId: ctx.location.locationId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toItem);
}

async function assertEmailFree(ctx: LocationCtx, email: string, exceptId?: number) {
  if (!email) return;
  const clash = await ctx.db.escalationContact.findFirst({
    where: { locationId: ctx.location.locationId, email, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw badRequest(MSG.emailAlreadyAdded, { email: MSG.emailAlreadyAdded });
}

export async function addContact(ctx: LocationCtx, input: ContactInput): Promise<EscalationContactItem> {
  const channels = contactChannels(input);
  await assertEmailFree(ctx, channels.email);
  const row = await ctx.db.escalationContact.create({
    data: { locationId: ctx.location.locationId, name: input.name, delay: input.delay, ...channels },
  });
  return toItem(row);
}

export async function updateContact(ctx: LocationCtx, input: ContactInput & { contact_id: number }): Promise<EscalationContactItem> {
  const existing = await ctx.db.escalationContact.findFirst({
    where: { id: input.contact_id, locationId: ctx.location.locationId },
  });
  if (!existing) throw notFound(MSG.escalationNotFound);
  const channels = contactChannels(input);
  await assertEmailFree(ctx, channels.email, existing.id);
  const row = await ctx.db.escalationContact.update({
    where: { id: existing.id },
    data: { name: input.name, delay: input.delay, ...channels },
  });
  return toItem(row);
}

export async function deleteContact(ctx: LocationCtx, contactId: number): Promise<void> {
  const { count } = await ctx.db.escalationContact.deleteMany({ where: { id: contactId, locationId: ctx.location.locationId } });
  if (count === 0) throw notFound(MSG.escalationNotFound);
}

const DEFAULT_AUTO_REPLY = { firstText: '', firstEnabled: false, secondText: '', secondEnabled: false, secondDelay: 5 };

function toAutoReply(row: typeof DEFAULT_AUTO_REPLY): AutoReplyData {
  return {
    firstReply: { text: row.firstText, enable: row.firstEnabled },
    secondReply: { text: row.secondText, enable: row.secondEnabled, delay: row.secondDelay },
  };
}

export async function loadAutoReply(ctx: LocationCtx): Promise<AutoReplyData> {
  const row = await ctx.db.autoReplySettings.findUnique({ where: { locationId: ctx.location.locationId } });
  return toAutoReply(row ?? DEFAULT_AUTO_REPLY);
}

export async function saveAutoReply(ctx: LocationCtx, input: AutoReplyData): Promise<AutoReplyData> {
  const data = {
    firstText: input.firstReply.text,
    firstEnabled: input.firstReply.enable,
    secondText: input.secondReply.text,
    secondEnabled: input.secondReply.enable,
    secondDelay: input.secondReply.delay,
  };
  const row = await ctx.db.autoReplySettings.upsert({
    where: { locationId: ctx.location.locationId },
    create: { locationId: ctx.location.locationId, ...data },
    update: data,
  });
  return toAutoReply(row);
}
