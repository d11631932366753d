import type { AppDeps } from '../../http/context.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import type { GoogleConnection } from '../../generated/prisma/client.js';
import type { GoogleAuth } from '../../providers/google/index.js';

/** A connection's stored tokens for a Business Profile call; tokens Google renews on the way are kept, encrypted. */
export function googleAuth(deps: Pick<AppDeps, 'db' | 'config'>, conn: GoogleConnection): GoogleAuth {
  const read = (v: string | null) => (v ? decryptSecret(deps.config, v) : null);
  return {
    accessToken: read(conn.accessToken),
    refreshToken: read(conn.refreshToken),
    expiresAt: conn.expiresAt,
    onTokens: async (t) => {
      await deps.db.googleConnection.update({
        where: { id: conn.id },
        data: {
          accessToken: encryptSecret(deps.config, t.accessToken),
          ...(t.refreshToken ? { refreshToken: encryptSecret(deps.config, t.refreshToken) } : {}),
          expiresAt: t.expiresAt,
        },
      });
    },
  };
}
