import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PRODUCT, SITE_LABELS } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { LOCAL_FACEBOOK_USERS } from '../../providers/facebook/local.js';
import { LOCAL_GOOGLE_ACCOUNTS } from '../../providers/google/local.js';
import { escapeHtml } from '../../lib/escape.js';

/** JSON safe inside a <script>: no `<` can close the element. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, '');

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6f9;color:#1c2430;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:20px;margin:0 0 8px}p{color:#4a5568;margin:0 0 20px;line-height:1.5}
a.choice{display:block;padding:14px 16px;border:1px solid #d5dbe3;border-radius:8px;margin-bottom:10px;color:#1c2430;text-decoration:none}
a.choice:hover,a.choice:focus{border-color:#1f6feb;outline:none;box-shadow:0 0 0 3px rgba(31,111,235,.25)}
a.choice small{display:block;color:#4a5568}a.cancel{color:#4a5568}`;

function sendHtml(reply: FastifyReply, title: string, body: string, script?: string) {
  const nonce = randomBytes(16).toString('base64');
  reply
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');
  return reply.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`);
}

const PROVIDERS = { google: SITE_LABELS.google, facebook: SITE_LABELS.facebook } as const;
/** The settings screen that starts the sign-ins. */
const SCREEN = '/settings/general/connect-social-media';
type Provider = keyof typeof PROVIDERS;
const text = (v: unknown, max = 4096) => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * The sign-in popups' way back: Google and Facebook (or our local sign-in page) redirect here with the code and
 * state; the page hands them to the settings screen that opened it, on the same origin, and closes.
 */
export function registerOAuthPages(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>('/api/oauth/:provider/callback', async (request, reply) => {
    const provider = request.params.provider;
    if (!(provider in PROVIDERS)) return reply.code(404).type('text/plain').send('Not found');
    const q = request.query;
    const message = {
      source: 'kudo-oauth',
      provider,
      code: text(q.code) || null,
      state: text(q.state, 200) || null,
      error: text(q.error, 200) || null,
    };
    const label = PROVIDERS[provider as Provider];
    return sendHtml(
      reply,
      `${label} sign-in`,
      `<h1>${label} sign-in</h1><p id="note">Finishing sign-in… You can close this window if it stays open.</p>
<p><a class="cancel" href="${SCREEN}">Back to ${escapeHtml(PRODUCT.name)}</a></p>`,
      // Without an opener (the browser cut the popup off from it) the screen itself finishes the sign-in.
      `(function(){var m=${scriptJson(message)};if(window.opener&&!window.opener.closed){window.opener.postMessage(m,window.location.origin);window.close();}else{window.location.replace(${scriptJson(SCREEN)}+'?'+new URLSearchParams({oauth:m.provider,code:m.code||'',state:m.state||'',error:m.error||''}).toString());}})();`,
    );
  });

  const localPage = (provider: Provider, choices: readonly { key: string; label: string; sub: string }[]) =>
    app.get<{ Querystring: Record<string, unknown> }>(`/api/dev/oauth/${provider}`, async (request, reply) => {
      const state = text(request.query.state, 200);
      const back = (params: Record<string, string>) =>
        `/api/oauth/${provider}/callback?${new URLSearchParams({ ...params, state }).toString()}`;
      const items = choices
        .map(
          (c) =>
            `<a class="choice" href="${escapeHtml(back({ code: `local-${provider}:${c.key}` }))}">${escapeHtml(c.label)}<small>${escapeHtml(c.sub)}</small></a>`,
        )
        .join('');
      const label = PROVIDERS[provider];
      return sendHtml(
        reply,
        `${PRODUCT.name} local ${label} sign-in`,
        `<h1>${escapeHtml(PRODUCT.name)} local ${label} sign-in</h1>
<p>No ${label} app is configured, so this page stands in for ${label}'s consent screen. Choose an account to continue.</p>
${items}<p><a class="cancel" href="${escapeHtml(back({ error: 'access_denied' }))}">Cancel</a></p>`,
      );
    });

  if (deps.providers.google.kind === 'local') {
    localPage(
      'google',
      LOCAL_GOOGLE_ACCOUNTS.map((a) => ({ key: a.key, label: a.email, sub: a.label })),
    );
  }
  if (deps.providers.facebook.kind === 'local') {
    localPage(
      'facebook',
      LOCAL_FACEBOOK_USERS.map((u) => ({ key: u.key, label: u.name, sub: u.label })),
    );
  }
}
