import type { Db } from '../../lib/db.js';

/** A User of Austin with every permission but analytics, for the 403 checks. */
export async function userWithoutAnalytics(db: Db, email: string): Promise<string> {
  const austin = await db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const passwordHash = (await db.user.findFirstOrThrow({ where: { email: 'staff@kudo.test' } })).passwordHash;
  const user = await db.user.create({ data: { email, passwordHash, emailVerifiedAt: new Date() } });
  await db.membership.create({ data: { userId: user.id, locationId: austin.id, role: 'User', permAnalytics: false } });
  return email;
}

/** A day (YYYY-MM-DD) some days before today, by the UTC calendar. */
export const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
