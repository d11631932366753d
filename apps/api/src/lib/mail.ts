import { PRODUCT } from '@kudo/shared';
import { escapeHtml } from './escape.js';

/** A plain transactional email: one paragraph, one button, the link spelled out for text clients. */
export function actionEmail(opts: { greeting: string; intro: string; action: string; url: string; outro: string }) {
  const text = `${opts.greeting}\n\n${opts.intro}\n\n${opts.action}: ${opts.url}\n\n${opts.outro}\n\n— ${PRODUCT.name}`;
  const html = `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#1f2937">
<p>${escapeHtml(opts.greeting)}</p><p>${escapeHtml(opts.intro)}</p>
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(opts.outro)}</p><p>— ${PRODUCT.name}</p></div>`;
  return { text, html };
}

/** An email as every provider sends it. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The location the message is sent for, when there is one. */
  locationId?: number | null;
  /**
   * `customer` emails (bios, pulseChecks, reports to customers) obey the location's unsubscribes; staff
   * emails (verifications, alerts, reports to the team) are not marketing and always go.
   */
  audience?: 'customer' | 'staff';
  scope?: 'dispatch' | 'messaging';
  /** Files sent with the email (reports). */
  attachments?: EmailAttachment[];
  /** What sends it (dispatch, bulk, boost, alerts, inbox, reports…), as the logs show it; see `logApp`. */
  app?: string;
  campaignId?: number | null;
  /** The kind of message (pcheck, bio, verification…), as the logs show it. */
  template?: string;
}

/**
 * The app a message is logged under when its sender did not name one: dispatch scope is Operate's sends,
 * messaging scope the inbox's, and anything else an alert (SMS) or an account email (staff).
 */
export function logApp(message: { app?: string | undefined; scope?: 'dispatch' | 'messaging' | undefined; audience?: 'customer' | 'staff' | undefined }, channel: 'sms' | 'email'): string {
  if (message.app) return message.app;
  if (message.scope === 'dispatch') return 'dispatch';
  if (message.scope === 'messaging') return 'inbox';
  if (channel === 'email') return message.audience === 'customer' ? 'dispatch' : 'account';
  return 'alerts';
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Shows the file inside the HTML body (`<img src="cid:…">`) instead of as a download. */
  contentId?: string;
}
