import { formatPhone, hasPermission } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';

/**
 * Whether the logs show customers' phone numbers and emails in full. On screen: to users who message
 * customers themselves (the dispatch or messaging permission); in an exported file: only to users with the
 * settings permission, since a file leaves the product. Everyone else sees them masked.
 */
export function showsContacts(ctx: LocationCtx, exporting: boolean): boolean {
  const who = ctx.location;
  return exporting ? hasPermission(who, 'settings') : hasPermission(who, 'dispatch') || hasPermission(who, 'twm');
}

/** A phone number with all but its last four digits hidden: (***) ***-0100. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 4) return '***';
  return `(***) ***-${digits.slice(-4)}`;
}

/** An email address with all but its first character hidden before the @: j***@example.com. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return '***';
  return `${value[0]}***${value.slice(at)}`;
}

/** A phone number or an email address as the viewer may see it. */
export function contactOf(address: string, full: boolean): string {
  if (address.includes('@')) return full ? address : maskEmail(address);
  return full ? formatPhone(address) : maskPhone(address);
}
