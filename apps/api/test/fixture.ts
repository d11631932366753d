import { beforeAll } from 'vitest';
import type { JobQueue } from '../src/jobs/index.js';
import { createTestApp, demoLocationIds, loginAs, type Agent, type TestContext } from './helpers.js';

/** The seeded users a test logs in as, with the location each is logged into. */
export const DEMO_ROLES = {
  /** owner@kudo.test, with Demo Plumbing Austin chosen. */
  owner: { email: 'owner@kudo.test', location: 'Demo Plumbing Austin' },
  /** The same owner, with Demo Plumbing Dallas chosen: the other tenant. */
  dallasOwner: { email: 'owner@kudo.test', location: 'Demo Plumbing Dallas' },
  /** An Admin of Austin. */
  admin: { email: 'admin@kudo.test' },
  /** A User of Austin without the settings and inbox permissions. */
  staff: { email: 'staff@kudo.test' },
  /** The Owner of Little Roofing, a location on the lite free trial. */
  lite: { email: 'lite@kudo.test' },
} as const satisfies Record<string, { email: string; location?: string }>;

export type DemoRole = keyof typeof DEMO_ROLES;

export interface DemoAppOptions {
  /** Environment on top of the tests' defaults (see createTestApp); a function when it is known only in an earlier hook. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** The job queue the app enqueues to, e.g. recordingQueue()'s. */
  jobs?: JobQueue;
  /** The roles logged in before the tests, one session each (default: the Austin owner). */
  roles?: readonly DemoRole[];
}

export interface DemoApp extends TestContext {
  /** Demo Plumbing Austin's id. */
  austinId: number;
  /** Demo Plumbing Dallas's id, the other tenant. */
  dallasId: number;
  /** The sessions logged in before the tests, by role (only those named in `roles`). */
  as: Record<DemoRole, Agent>;
  /** The Austin owner's session: `as.owner`. */
  owner: Agent;
  /** A new session of this role, apart from the one in `as`. */
  login(role: DemoRole): Promise<Agent>;
  /** The id of this role's user. */
  userId(role: DemoRole): number;
}

/**
 * The app on its own database cloned from the seeded demo, the demo locations' ids and logged-in sessions,
 * made in a beforeAll of the file or describe block that calls it; the database is dropped after its tests.
 * Read its fields inside hooks and tests: before the beforeAll has run they throw.
 */
export function useDemoApp(options: DemoAppOptions = {}): DemoApp {
  const roles = options.roles ?? ['owner'];
  let ready: (TestContext & { austinId: number; dallasId: number; as: Partial<Record<DemoRole, Agent>>; users: Map<string, number> }) | undefined;
  const login = (role: DemoRole) => {
    const { email, ...rest } = DEMO_ROLES[role];
    return loginAs(state().app, state().db, email, 'location' in rest ? rest.location : undefined);
  };
  const state = () => {
    if (!ready) throw new Error('useDemoApp: its fields are read in hooks and tests, after its beforeAll has run');
    return ready;
  };

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    const t = await createTestApp(env, options.jobs ? { jobs: options.jobs } : {});
    const ids = await demoLocationIds(t.db);
    const users = await t.db.user.findMany({ where: { email: { in: Object.values(DEMO_ROLES).map((r) => r.email) } }, select: { id: true, email: true } });
    ready = { ...t, ...ids, as: {}, users: new Map(users.map((u) => [u.email, u.id])) };
    for (const role of roles) ready.as[role] = await login(role);
  });

  const as = new Proxy({} as Record<DemoRole, Agent>, {
    // Only role names are looked up; symbols (a printer's, an inspector's) find nothing.
    get: (_, role) => (typeof role === 'string' ? (state().as[role as DemoRole] ?? unknownRole(role)) : undefined),
  });
  return {
    get app() { return state().app; },
    get db() { return state().db; },
    get config() { return state().config; },
    get url() { return state().url; },
    get austinId() { return state().austinId; },
    get dallasId() { return state().dallasId; },
    get owner() { return as.owner; },
    as,
    login,
    userId: (role) => state().users.get(DEMO_ROLES[role].email)!,
  };
}

function unknownRole(role: string): never {
  throw new Error(`useDemoApp: no session for "${role}"; name it in the roles option`);
}
