import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from './escape.js';

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6f9;color:#1c2430;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:20px;margin:0 0 8px}p{color:#4a5568;margin:0 0 20px;line-height:1.5}
a.choice{display:block;padding:14px 16px;border:1px solid #d5dbe3;border-radius:8px;margin-bottom:10px;color:#1c2430;text-decoration:none}
a.choice:hover,a.choice:focus{border-color:#1f6feb;outline:none;box-shadow:0 0 0 3px rgba(31,111,235,.25)}
a.choice small{display:block;color:#4a5568}a.cancel{color:#4a5568}`;

/**
 * A small page of the sign-in popups, never cached: its only script runs by nonce, it posts no form and
 * no other site may frame it.
 */
export function sendPopupPage(reply: FastifyReply, title: string, body: string, script?: string) {
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

/** A small standalone page for a person's browser (unsubscribe confirmations and the like): a title and a body. */
export const simplePage = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:48px 16px">
<main style="max-width:440px;margin:auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>${body}</main></body></html>`;
