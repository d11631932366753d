// What the Google and Facebook connections share: their status, the core record other areas read, sign-in links.
import type { LocationCtx } from '../../http/context.js';
import { AppError } from '../../lib/errors.js';
import { newToken } from '../../lib/tokens.js';
import { type Tx } from './accounts.js';

export const unavailable = (message: string) => new AppError(503, message);
export const asStatus = (s: string) => (s === 'expired' ? 'expired' : 'connected');

/** Marks a connection and the core record the notifications and trial banner read. */
export async function syncConnection(
  db: Tx,
  locationId: number,
  provider: 'google' | 'facebook',
  state: { status: 'connected' | 'expired'; name: string; externalId: string | null } | null,
) {
  if (!state) {
    await db.socialConnection.deleteMany({ where: { locationId, provider } });
    return;
  }
  await db.socialConnection.upsert({
    where: { locationId_provider: { locationId, provider } },
    create: { locationId, provider, status: state.status, name: state.name, externalId: state.externalId },
    update: { status: state.status, name: state.name, externalId: state.externalId },
  });
}

export async function authUrl(ctx: LocationCtx, provider: 'google' | 'facebook') {
  const state = newToken();
  return { url: ctx.providers[provider].authUrl(state), state };
}


/**
 * Marks a location's Google or Facebook connection expired, for the jobs that use its tokens (review sync) when
 * the provider refuses them: the screen then shows Reconnect and the notifications report GOOGLE_EXPIRED / FB_EXPIRED.
 */
export async function markConnectionExpired(db: Tx, locationId: number, provider: 'google' | 'facebook') {
  const conn =
    provider === 'google'
      ? await db.googleConnection.findUnique({ where: { locationId } })
      : await db.facebookConnection.findUnique({ where: { locationId } });
  if (!conn) return;
  if (provider === 'google') await db.googleConnection.update({ where: { locationId }, data: { status: 'expired' } });
  else await db.facebookConnection.update({ where: { locationId }, data: { status: 'expired' } });
  await db.socialConnection.updateMany({ where: { locationId, provider }, data: { status: 'expired' } });
}
