import type { FastifyInstance } from 'fastify';
import { sessionApi, systemApi } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../http/route.js';

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, systemApi.health, async () => {
    // Reachable and migrated: the migrations table exists and holds at least one applied migration.
    const rows = await deps.db.$queryRaw<{ applied: bigint }[]>`
      SELECT count(*) AS applied FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`
      .catch(() => [{ applied: 0n }]);
    if (!rows[0] || rows[0].applied === 0n) throw new AppError(503, 'The database is not ready.');
    return { database: 'ok' as const };
  });

  route(app, deps, systemApi.appInfo, async () => ({
    local_providers: { sms: deps.providers.sms.kind === 'local', email: deps.providers.email.kind === 'local' },
  }));

  route(app, deps, sessionApi.currentVersion, async () => ({ latest_version: deps.config.version }));
}
