/** #rrggbb, the only colour form the branding accepts. */
export const HEX_RE = /^#[0-9a-f]{6}$/i;

/** WCAG relative luminance of a #rrggbb colour (0 black … 1 white). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111827';

/** The text colour (white or near-black) that reads best on a background. */
export function readableTextOn(background: string): string {
  if (!HEX_RE.test(background)) return DARK_TEXT;
  const bg = luminance(background);
  return contrast(bg, luminance(LIGHT_TEXT)) >= contrast(bg, luminance(DARK_TEXT)) ? LIGHT_TEXT : DARK_TEXT;
}

/** What a typed colour means: "#AbC123" or "abc123" give "#abc123"; anything else null. */
export function parseHex(input: string): string | null {
  const v = input.trim().replace(/^#?/, '#').toLowerCase();
  return HEX_RE.test(v) ? v : null;
}
