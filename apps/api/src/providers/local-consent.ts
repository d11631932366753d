import { PRODUCT, type RawEndpointDef } from '@kudo/shared';
import { escapeHtml } from '../lib/escape.js';
import { sendPopupPage } from '../lib/html-page.js';
import type { ProvidedRoute } from './served.js';

/**
 * The local stand-in for a provider's consent screen: one link per demo account, each returning to the
 * OAuth callback with a code the local provider understands (`local-<provider>:<key>`), and a Cancel.
 */
export function localConsentPage(
  endpoint: RawEndpointDef,
  provider: 'google' | 'facebook',
  label: string,
  choices: readonly { key: string; label: string; sub: string }[],
): ProvidedRoute {
  return {
    endpoint,
    async handler(request, reply) {
      const { state = '' } = request.query as { state?: string };
      const back = (params: Record<string, string>) => `/api/oauth/${provider}/callback?${new URLSearchParams({ ...params, state }).toString()}`;
      const items = choices
        .map(
          (c) =>
            `<a class="choice" href="${escapeHtml(back({ code: `local-${provider}:${c.key}` }))}">${escapeHtml(c.label)}<small>${escapeHtml(c.sub)}</small></a>`,
        )
        .join('');
      return sendPopupPage(
        reply,
        `${PRODUCT.name} local ${label} sign-in`,
        `<h1>${escapeHtml(PRODUCT.name)} local ${label} sign-in</h1>
<p>No ${label} app is configured, so this page stands in for ${label}'s consent screen. Choose an account to continue.</p>
${items}<p><a class="cancel" href="${escapeHtml(back({ error: 'access_denied' }))}">Cancel</a></p>`,
      );
    },
  };
}
