/**
 * Colour contrast by WCAG 2.1. Businesses pick their own brand colours (menu bar, customer pages, the
 * widget), so text placed on them is chosen here rather than by hand: every colour gets readable text.
 * Pure and dependency-free: the dashboard, the customer pages and the embeddable widget all use it.
 */

export const LIGHT_TEXT = '#ffffff';
/** Pure black, not a softer near-black: only black and white together reach 4.5:1 on every colour. */
export const DARK_TEXT = '#000000';

/** What normal-size text needs against its background (WCAG 2.1 AA). */
export const AA_TEXT_CONTRAST = 4.5;

/** "#abc" or "#aabbcc" as [r, g, b] in 0–255; null for anything else. */
function rgb(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a #rgb or #rrggbb colour (0 black … 1 white); NaN when it is not one. */
export function luminance(hex: string): number {
  const c = rgb(hex);
  if (!c) return NaN;
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on the background (dark text when it is not a colour). */
export function readableTextOn(background: string): string {
  if (Number.isNaN(luminance(background))) return DARK_TEXT;
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * The text colour a business chose, kept when it reads on their background; otherwise black or white,
 * so a pale text colour on a pale brand colour never makes a button unreadable.
 */
export function textColorOn(background: string, preferred: string | null | undefined): string {
  if (preferred && !Number.isNaN(luminance(preferred)) && contrastRatio(background, preferred) >= AA_TEXT_CONTRAST) return preferred;
  return readableTextOn(background);
}
