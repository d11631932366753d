// Who a social review may be crediting: suggestions from the review's text and from the location's customers.

/** Points a campaign earns per social review a person credited to it (see the scores in decisions). */
export const CREDIT_POINTS = 5;

/** Days before a review in which a pulseCheck or bio to a customer of the same name suggests its campaign. */
export const MATCHING_DAYS = 30;

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’`]/g, "'");

/** Words of a name or text: letters, digits and inner apostrophes ("o'brien"). */
const words = (s: string): string[] => fold(s).match(/[a-z0-9]+(?:'[a-z0-9]+)*/g) ?? [];

export interface CampaignName {
  id: number;
  name: string;
}

/**
 * The campaigns a review's text mentions: by full name, or by first name when no other campaign of the
 * location shares that first name (two Mikes: only "Mike Torres" counts).
 */
export function mentionedCampaigns(text: string, campaigns: readonly CampaignName[]): number[] {
  const said = words(text);
  if (said.length === 0) return [];
  const joined = ` ${said.join(' ')} `;
  const firsts = new Map<string, number>();
  for (const c of campaigns) {
    const first = words(c.name)[0];
    if (first) firsts.set(first, (firsts.get(first) ?? 0) + 1);
  }
  const out: number[] = [];
  for (const c of campaigns) {
    const name = words(c.name);
    if (name.length === 0) continue;
    const full = joined.includes(` ${name.join(' ')} `);
    const first = name[0]!;
    const byFirst = first.length >= 3 && firsts.get(first) === 1 && said.includes(first);
    if (full || byFirst) out.push(c.id);
  }
  return out;
}

/**
 * Whether a reviewer's display name is the customer's name: same first name and same last name, or the
 * reviewer shows only the last initial ("Jennifer M." for "Jennifer Morales"). A first name alone matches nobody.
 */
export function namesMatch(reviewer: string, customer: string): boolean {
  const r = words(reviewer);
  const c = words(customer);
  if (r.length < 2 || c.length < 2) return false;
  if (r[0] !== c[0]) return false;
  const rLast = r.at(-1)!;
  const cLast = c.at(-1)!;
  if (rLast === cLast) return true;
  return rLast.length === 1 && cLast.startsWith(rLast);
}
