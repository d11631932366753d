/** #rrggbb, the only colour form the branding accepts. */
export const HEX_RE = /^#[0-9a-f]{6}$/i;

/** What a typed colour means: "#AbC123" or "abc123" give "#abc123"; anything else null. */
export function parseHex(input: string): string | null {
  const v = input.trim().replace(/^#?/, '#').toLowerCase();
  return HEX_RE.test(v) ? v : null;
}
