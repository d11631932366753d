/** Up to ten typed digits shown the way people write them, as they type: (000) 000-0000. */
export function formatPhoneTyping(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 10);
  if (d.length < 4) return d;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A typed ten-digit (US) number in E.164, +1 and its digits; null unless it has exactly ten digits. */
export function toE164(value: string): string | null {
  const d = value.replace(/\D/g, '');
  return d.length === 10 ? `+1${d}` : null;
}
