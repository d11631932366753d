import type { Db } from './db.js';
import type { ConsentAction, ConsentChannel, ConsentScope } from '../generated/prisma/client.js';
import { phoneAddress } from '@kudo/shared';

export type { ConsentAction, ConsentChannel, ConsentScope };

/** The form an address is stored and compared in: a phone's key (E.164 for US numbers), lower case for emails. */
export function normalizeAddress(channel: ConsentChannel, address: string): string {
  return channel === 'email' ? address.trim().toLowerCase() : phoneAddress(address);
}

export interface ConsentSubject {
  locationId: number;
  channel: ConsentChannel;
  address: string;
}

/**
 * Whether the location may not message this address for `scope`: an opt-out of the whole channel
 * (STOP, unsubscribe) or of that scope blocks it.
 */
export async function isOptedOut(db: Db, subject: ConsentSubject, scope: ConsentScope = 'all'): Promise<boolean> {
  const address = normalizeAddress(subject.channel, subject.address);
  const row = await db.consentState.findFirst({
    where: {
      locationId: subject.locationId,
      channel: subject.channel,
      address,
      scope: { in: scope === 'all' ? ['all'] : ['all', scope] },
      optedOut: true,
    },
    select: { id: true },
  });
  return row !== null;
}

export interface ConsentChange extends ConsentSubject {
  scope: ConsentScope;
  action: ConsentAction;
  source: string;
  userId?: number | null;
  detail?: string | null;
}

/**
 * Records a consent change and its history in one transaction. An opt-in of the whole channel (START)
 * also lifts the narrower opt-outs, since the customer asked to hear from the business again.
 */
export async function recordConsent(db: Db, change: ConsentChange): Promise<void> {
  const address = normalizeAddress(change.channel, change.address);
  const optedOut = change.action === 'opt_out';
  const key = { locationId: change.locationId, channel: change.channel, address };
  await db.$transaction(async (tx) => {
    await tx.consentState.upsert({
      where: { locationId_channel_address_scope: { ...key, scope: change.scope } },
      create: { ...key, scope: change.scope, optedOut },
      update: { optedOut },
    });
    if (!optedOut && change.scope === 'all') {
      await tx.consentState.updateMany({ where: { ...key, optedOut: true }, data: { optedOut: false } });
    }
    await tx.consentEvent.create({
      data: {
        ...key,
        scope: change.scope,
        action: change.action,
        source: change.source,
        userId: change.userId ?? null,
        detail: change.detail ?? null,
      },
    });
  });
}
