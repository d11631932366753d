import type { Config } from '../config.js';
import type { Location } from '../generated/prisma/client.js';
import type { EmailMessage } from '../providers/email/types.js';
import { unsubscribeUrl } from './unsubscribe.js';
import { escapeHtml } from './escape.js';

export interface Business {
  locationId: number;
  name: string;
  /** The postal address, one line. */
  address: string;
  color: string;
  logoUrl: string | null;
}

type AddressFields = 'addressLine1' | 'addressLine2' | 'companyAddress' | 'companyCity' | 'companyState' | 'companyZipcode';

/**
 * The postal address a location's customer emails carry, one line. CAN-SPAM asks for the sender's physical address:
 * the location's own; the company's (from company details) only when the location has none.
 */
export function senderAddress(location: Pick<Location, AddressFields>): string {
  const own = [location.addressLine1, location.addressLine2].map((part) => part.trim()).filter(Boolean).join(', ');
  if (own) return own;
  const cityLine = [location.companyCity, [location.companyState, location.companyZipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [location.companyAddress, cityLine].filter(Boolean).join(', ');
}

/**
 * A customer email from a business: the text as written (links made clickable), the business's name and
 * postal address, and an unsubscribe link both in the footer and in the List-Unsubscribe headers
 * (one-click, RFC 8058).
 */
export function customerEmail(
  config: Pick<Config, 'encryptionKey' | 'dataDir' | 'publicUrl'>,
  business: Business,
  opts: { to: string; subject: string; text: string; action?: { label: string; url: string }; scope?: 'dispatch' | 'messaging' },
): EmailMessage {
  const unsubscribe = unsubscribeUrl(config, business.locationId, opts.to);
  const footer = `${business.name}${business.address ? `, ${business.address}` : ''}`;
  const text = `${opts.text}\n\n—\n${footer}\nUnsubscribe: ${unsubscribe}`;
  const paragraphs = opts.text
    .split(/\n{2,}/)
    .map((p) => {
      const html = escapeHtml(p).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:${escapeHtml(business.color)}">${url}</a>`);
      return `<p style="margin:0 0 14px">${html.replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
  const button = opts.action
    ? `<p style="margin:18px 0"><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;background:${escapeHtml(business.color)};color:#fff;padding:11px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p>`
    : '';
  const logo = business.logoUrl
    ? `<img src="${escapeHtml(business.logoUrl)}" alt="${escapeHtml(business.name)}" style="max-height:48px;max-width:180px;margin-bottom:12px">`
    : '';
  const html = `<div style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:560px;margin:auto;color:#1f2937;font-size:15px;line-height:1.5">
${logo}${paragraphs}${button}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">
<p style="font-size:12px;color:#6b7280;margin:0">${escapeHtml(footer)}<br>
You received this email because you are a customer of ${escapeHtml(business.name)}. <a href="${escapeHtml(unsubscribe)}" style="color:#6b7280">Unsubscribe</a></p></div>`;
  return {
    to: opts.to,
    subject: opts.subject,
    text,
    html,
    locationId: business.locationId,
    audience: 'customer',
    ...(opts.scope ? { scope: opts.scope } : {}),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
