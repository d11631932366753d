import type { FastifyInstance } from 'fastify';
import { PRODUCT, socialApi, SITE_LABELS } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { rawRoute } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/escape.js';
import { sendPopupPage } from '../../lib/html-page.js';

/** JSON safe inside a <script>: no `<` can close the element. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, '');

const PROVIDERS = { google: SITE_LABELS.google, facebook: SITE_LABELS.facebook } as const;
/** The settings screen that starts the sign-ins. */
const SCREEN = '/settings/general/connect-social-media';
/** Onboarding's Google step, whose sign-ins carry a state beginning with `onb.`. */
const ONBOARDING_SCREEN = '/onboarding/connect-social-media';
const text = (v: unknown, max = 4096) => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * The sign-in popups' way back: Google and Facebook (or the local consent page) redirect here with the code and
 * state; the page hands them to the settings screen that opened it, on the same origin, and closes.
 */
export function registerOAuthPages(app: FastifyInstance, deps: AppDeps) {
  rawRoute(app, deps, socialApi.oauthCallback, async ({ params, query: q }, _ctx, reply) => {
    const { provider } = params;
    if (!(provider in PROVIDERS)) throw notFound();
    const message = {
      source: 'kudo-oauth',
      provider,
      code: text(q.code) || null,
      state: text(q.state, 200) || null,
      error: text(q.error, 200) || null,
    };
    const label = PROVIDERS[provider as keyof typeof PROVIDERS];
    const screen = message.state?.startsWith('onb.') ? ONBOARDING_SCREEN : SCREEN;
    return sendPopupPage(
      reply,
      `${label} sign-in`,
      `<h1>${label} sign-in</h1><p id="note">Finishing sign-in… You can close this window if it stays open.</p>
<p><a class="cancel" href="${screen}">Back to ${escapeHtml(PRODUCT.name)}</a></p>`,
      // Without an opener (the browser cut the popup off from it) the screen itself finishes the sign-in.
      `(function(){var m=${scriptJson(message)};if(window.opener&&!window.opener.closed){window.opener.postMessage(m,window.location.origin);window.close();}else{window.location.replace(${scriptJson(screen)}+'?'+new URLSearchParams({oauth:m.provider,code:m.code||'',state:m.state||'',error:m.error||''}).toString());}})();`,
    );
  });
}
