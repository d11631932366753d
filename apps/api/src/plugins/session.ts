import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, LIMITS, SESSION_COOKIE, type AccessSubject, type RoleName } from '@kudo/shared';
import type { Config } from '../config.js';
import { poolOf, type Db } from '../lib/db.js';
import { entitlementsOf } from '../lib/entitlements.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { SessionCache } from './session-cache.js';

/** At most this many sessions are kept per process (about 1 kB each). */
const SESSION_CACHE_MAX = 20_000;

/** The session of a request, with the user and (when one is chosen) the current location. */
export interface LoadedSession {
  id: string;
  userId: number;
  email: string;
  isPlatformStaff: boolean;
  csrfToken: string;
  impersonatorId: number | null;
  expiresAt: Date;
  /** Present only when the session has a location the user is an active member of. */
  location: SessionLocation | null;
}

export interface SessionLocation extends AccessSubject {
  locationId: number;
  accountId: number;
  accessType: string;
  /** False once the trial ended, the subscription was canceled or its grace period ran out. */
  canSend: boolean;
}

export interface SessionRow {
  id: string;
  user_id: number;
  email: string;
  is_platform_staff: boolean;
  csrf_token: string;
  impersonator_id: number | null;
  /** Milliseconds since the epoch. */
  expires_at: number;
  location_id: number | null;
  account_id: number | null;
  free_trial: boolean | null;
  free_trial_type: string | null;
  role: RoleName | null;
  access_type: string | null;
  active: boolean | null;
  perm_twm: boolean | null;
  perm_dispatch: boolean | null;
  perm_analytics: boolean | null;
  perm_settings: boolean | null;
  /** Milliseconds since the epoch, as every time below. */
  trial_ends_at: number | null;
  plan_code: string | null;
  /** The location's subscription record, when it has one. */
  sub: { status: string; plan_code: string | null; addons: string[] | null; term: string; current_period_end: number | null; past_due_since: number | null } | null;
}

const DAY = 24 * 60 * 60 * 1000;
const flag = (v: boolean | null): 0 | 1 => (v ? 1 : 0);

/**
 * The facts of the session with this token hash (null: no such session), in one round trip: the session, its
 * user, the membership at its location and that location's subscription, from which its entitlements (live
 * add-ons, trial, sending) are derived. A named statement over the pool, so Postgres plans it once per
 * connection, answering one JSON column: the driver would otherwise set up a parser per column for every execution.
 */
export async function readSession(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const { rows } = await poolOf(db).query<{ session: SessionRow }>({
    name: 'kudo_find_session',
    text: `
    SELECT json_build_object(
             'id', s.id, 'user_id', s.user_id, 'email', u.email, 'is_platform_staff', u.is_platform_staff,
             'csrf_token', s.csrf_token, 'impersonator_id', s.impersonator_id,
             'expires_at', floor(extract(epoch FROM s.expires_at AT TIME ZONE 'UTC') * 1000),
             'location_id', s.location_id, 'account_id', l.account_id, 'free_trial', l.free_trial,
             'free_trial_type', l.free_trial_type, 'role', m.role, 'access_type', m.access_type, 'active', m.active,
             'perm_twm', m.perm_twm, 'perm_dispatch', m.perm_dispatch, 'perm_analytics', m.perm_analytics,
             'perm_settings', m.perm_settings,
             'trial_ends_at', floor(extract(epoch FROM l.trial_ends_at AT TIME ZONE 'UTC') * 1000), 'plan_code', l.plan_code,
             'sub', (SELECT json_build_object('status', sub.status, 'plan_code', sub.plan_code, 'addons', sub.addons, 'term', sub.term,
                                              'current_period_end', floor(extract(epoch FROM sub.current_period_end AT TIME ZONE 'UTC') * 1000),
                                              'past_due_since', floor(extract(epoch FROM sub.past_due_since AT TIME ZONE 'UTC') * 1000))
                       FROM subscriptions sub WHERE sub.location_id = l.id)
           ) AS session
      FROM sessions s
      JOIN users u ON u.id = s.user_id
      LEFT JOIN locations l ON l.id = s.location_id
      LEFT JOIN memberships m ON m.location_id = s.location_id AND m.user_id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now()`,
    values: [tokenHash],
  });
  return rows[0]?.session ?? null;
}

/** The session a row describes, as of now: null once it expired; entitlements worked out for this moment. */
export function toLoadedSession(r: SessionRow): LoadedSession | null {
  if (r.expires_at <= Date.now()) return null;
  const hasLocation = r.location_id !== null && r.account_id !== null && r.role !== null && r.active === true;
  const utc = (v: number | null) => (v === null ? null : new Date(v));
  const billing = entitlementsOf(
    { freeTrial: r.free_trial === true, freeTrialType: r.free_trial_type, trialEndsAt: utc(r.trial_ends_at), planCode: r.plan_code },
    r.sub
      ? {
          status: r.sub.status,
          planCode: r.sub.plan_code,
          addons: r.sub.addons ?? [],
          term: r.sub.term,
          currentPeriodEnd: utc(r.sub.current_period_end),
          pastDueSince: utc(r.sub.past_due_since),
        }
      : null,
  );
  return {
    id: r.id,
    userId: r.user_id,
    email: r.email,
    isPlatformStaff: r.is_platform_staff,
    csrfToken: r.csrf_token,
    impersonatorId: r.impersonator_id,
    expiresAt: new Date(r.expires_at),
    location: hasLocation
      ? {
          locationId: r.location_id as number,
          accountId: r.account_id as number,
          role: r.role as RoleName,
          accessType: r.access_type ?? 'Location',
          permissions: {
            twm: flag(r.perm_twm),
            dispatch: flag(r.perm_dispatch),
            analytics: flag(r.perm_analytics),
            settings: flag(r.perm_settings),
          },
          subscriptions: billing.addons,
          freeTrial: billing.trialing,
          canSend: billing.canSend,
          freeTrialType: r.free_trial_type,
        }
      : null,
  };
}

export interface NewSession {
  userId: number;
  locationId: number | null;
  impersonatorId?: number | null;
  lifetimeMs?: number;
  ip?: string;
  userAgent?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved on first use from the session cookie; null when logged out. */
    loadSession(): Promise<LoadedSession | null>;
  }
  interface FastifyInstance {
    sessions: {
      /** Creates a session and sets its cookies on the reply. The previous session of the request ends. */
      start(request: FastifyRequest, reply: FastifyReply, input: NewSession): Promise<void>;
      /** Ends the request's session and clears its cookies. */
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** True while this process answers sessions from what it kept (it hears the database's announcements). */
      keeping(): boolean;
    };
  }
}

/** Each request's session, read once. */
const perRequest = new WeakMap<FastifyRequest, Promise<LoadedSession | null>>();

/** The sessions kept by the apps built on each database client (one per app; tests build several). */
const kept = new WeakMap<Db, SessionCache<SessionRow>>();

/**
 * Tells this process at once that a session's facts changed (its location moved): the database announces it
 * to every process, this one included, but the same client's next request may come before the announcement.
 */
export function sessionChanged(db: Db, sessionId: string): void {
  kept.get(db)?.heard(`s:${sessionId}`);
}

export const sessionPlugin = fp<{ db: Db; config: Config }>(
  async (app, { db, config }) => {
    const cookieOptions = (maxAgeMs: number, httpOnly: boolean) => ({
      path: '/',
      httpOnly,
      sameSite: 'lax' as const,
      secure: config.cookieSecure,
      maxAge: Math.floor(maxAgeMs / 1000),
    });

    const sessionCache =
      config.sessionCacheSeconds > 0 ? new SessionCache<SessionRow>(poolOf(db).options, config.sessionCacheSeconds * 1000, SESSION_CACHE_MAX, app.log) : null;
    if (sessionCache) {
      kept.set(db, sessionCache);
      app.addHook('onClose', async () => {
        kept.delete(db);
        await sessionCache.close();
      });
    }

    /** The session of a token: kept facts while they are known to be current, else one read (then kept). */
    async function lookUp(token: string): Promise<LoadedSession | null> {
      const tokenHash = hashToken(token);
      const known = sessionCache?.get(tokenHash);
      if (known) return toLoadedSession(known);
      const generation = sessionCache?.begin() ?? 0;
      const row = await readSession(db, tokenHash);
      if (!row) return null;
      sessionCache?.keep(tokenHash, row, generation);
      return toLoadedSession(row);
    }

    app.decorateRequest('loadSession', function (this: FastifyRequest) {
      let pending = perRequest.get(this);
      if (!pending) {
        const token = this.cookies[SESSION_COOKIE];
        pending = token ? lookUp(token) : Promise.resolve(null);
        perRequest.set(this, pending);
      }
      return pending;
    });

    app.decorate('sessions', {
      async start(request, reply, input) {
        await endCurrent(request);
        const token = newToken();
        const csrfToken = newToken();
        const lifetimeMs = input.lifetimeMs ?? LIMITS.sessionDays * DAY;
        await db.session.create({
          data: {
            tokenHash: hashToken(token),
            csrfToken,
            userId: input.userId,
            locationId: input.locationId,
            impersonatorId: input.impersonatorId ?? null,
            expiresAt: new Date(Date.now() + lifetimeMs),
            ip: input.ip ?? null,
            userAgent: input.userAgent?.slice(0, 300) ?? null,
          },
        });
        perRequest.delete(request);
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(lifetimeMs, true));
        reply.setCookie(CSRF_COOKIE, csrfToken, cookieOptions(lifetimeMs, false));
      },
      keeping: () => sessionCache?.listening ?? false,
      async end(request, reply) {
        await endCurrent(request);
        perRequest.delete(request);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        reply.clearCookie(CSRF_COOKIE, { path: '/' });
      },
    });

    async function endCurrent(request: FastifyRequest) {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const tokenHash = hashToken(token);
      await db.session.deleteMany({ where: { tokenHash } });
      sessionCache?.forget(tokenHash);
    }

    // Sessions slide: one in use is renewed, cookies included, once less than half of its lifetime is left.
    async function renewIfDue(reply: FastifyReply, pending: Promise<LoadedSession | null>, token: string) {
      const session = await pending;
      if (!session || session.impersonatorId !== null) return;
      const lifetimeMs = LIMITS.sessionDays * DAY;
      if (session.expiresAt.getTime() - Date.now() < lifetimeMs / 2) {
        await db.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() + lifetimeMs) } });
        sessionCache?.forget(hashToken(token));
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(lifetimeMs, true));
        reply.setCookie(CSRF_COOKIE, session.csrfToken, cookieOptions(lifetimeMs, false));
      }
    }

    // A callback hook: the requests that never looked at a session should not pay for a promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      const pending = perRequest.get(request);
      const token = request.cookies[SESSION_COOKIE];
      if (!pending || !token) return done(null, payload);
      renewIfDue(reply, pending, token).then(() => done(null, payload), done);
    });
  },
  { name: 'session' },
);
