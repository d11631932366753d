/**
 * What a public reply to a review may say, the same for the local drafts, the AI drafts, the automatic rules'
 * templates and the sign-off. The rules follow the FTC's rule on consumer reviews (16 CFR Part 465: no incentive
 * tied to a review, no pressure on what a review says) and Google's review and reply policies (no personal
 * information, no promotional content, no request to change a review):
 * - no offer or incentive: discounts, coupons, refunds, free work, gifts, credit;
 * - no request to change, remove or raise a rating or a review;
 * - no details of the customer beyond the first name: no other names, phone numbers, emails or links;
 * - no admission of fault or liability;
 * - no promise of an outcome ("this will never happen again", guarantees, "we will fix it").
 */

export type ReplyProblem = 'incentive' | 'refund' | 'rating_request' | 'contact_details' | 'link' | 'fault' | 'promise' | 'withheld_name';

export const REPLY_PROBLEM_LABELS: Record<ReplyProblem, string> = {
  incentive: 'an offer or incentive (a discount, coupon, gift or free work)',
  refund: 'a refund or money back',
  rating_request: 'a request to change, remove or raise a rating or review',
  contact_details: 'a phone number or email address',
  link: 'a link',
  fault: 'an admission of fault',
  promise: 'a promise of an outcome',
  withheld_name: "the customer's name beyond their first name",
};

const PATTERNS: readonly (readonly [ReplyProblem, RegExp])[] = [
  [
    'incentive',
    /\b(discounts?|discounted|coupons?|promo(tion(al)?)? codes?|vouchers?|gift ?cards?|gifts?|rebates?|rewards?|incentives?|cash ?back|on the house|complimentary|free of charge|for free|no charge|at no cost|compensat\w*|\d+ ?% ?off|\$ ?\d+ off|(free|credit) (service|visit|inspection|estimate|month|repair|tune-?up|call|check-?up)s?|credit (to|toward|towards|on) (your|the) (account|bill|invoice|next))\b/i,
  ],
  ['refund', /\b(refunds?|refunded|refunding|money back|reimburs\w*|pay you back|partial credit)\b/i],
  [
    'rating_request',
    /\b(change|changing|update|updating|revise|revising|edit|editing|remove|removing|delete|deleting|raise|raising|bump|upgrade|upgrading|reconsider|reconsidering|increase|take down|amend)\b[^.!?\n]{0,40}\b(ratings?|reviews?|stars?|feedback score)\b|\b(leave|give|post|write)\b[^.!?\n]{0,25}\b(5|five)[- ]?stars?\b/i,
  ],
  ['contact_details', /(\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b|[^\s@]+@[^\s@]+\.[a-z]{2,}/i],
  ['link', /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(com|net|org|biz|info|us|co)\b/i],
  [
    'fault',
    /\b(our fault|my fault|we('re| are| were) (at fault|to blame|liable|negligent|responsible for (the|this|that|your) (damage|problem|issue|mistake|error))|we (made|make) (a |an |the )?(mistake|error)s?|we take (full )?responsibility|we messed up|we dropped the ball|our (mistake|error|negligence)|we admit)\b/i,
  ],
  [
    'promise',
    /\b(we (guarantee|promise|assure you)|guaranteed?|(will|won't|will not) (ever )?happen again|never happen again|we('ll| will) (make (it|this|things) right|fix|redo|replace|repair|cover|pay|send|come back|credit|waive|take care of)|rest assured)\b/i,
  ],
];

/** The words of a name that a reply may not show: every part after the first (a last name, a middle name). */
export function withheldNames(fullName: string): string[] {
  const words = fullName
    .split(/[\s,]+/)
    .map((w) => w.replace(/[^\p{L}'’-]/gu, ''))
    .filter((w) => w.length >= 2);
  return words.slice(1);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The rules a reply breaks, in the order of REPLY_PROBLEM_LABELS; empty when it keeps them all. `withheld`: words
 * that must not appear (the reviewer's names beyond the first, see withheldNames).
 */
export function replyProblems(text: string, withheld: readonly string[] = []): ReplyProblem[] {
  const found: ReplyProblem[] = [];
  for (const [problem, pattern] of PATTERNS) if (pattern.test(text)) found.push(problem);
  const names = withheld.filter((w) => w.length >= 2);
  if (names.length && new RegExp(`(^|[^\\p{L}])(${names.map(escapeRegExp).join('|')})(?![\\p{L}])`, 'iu').test(text)) found.push('withheld_name');
  return found;
}

/** The first rule a text breaks, said for a person, or null. */
export function replyProblemMessage(text: string, what: string): string | null {
  const [problem] = replyProblems(text);
  return problem ? `${what} may not contain ${REPLY_PROBLEM_LABELS[problem]}.` : null;
}

/** The placeholders of a rule's template. */
export const REPLY_PLACEHOLDERS = ['first_name', 'business', 'technician', 'sign_off'] as const;
export type ReplyPlaceholder = (typeof REPLY_PLACEHOLDERS)[number];

/** The first placeholder of a template that is not one of REPLY_PLACEHOLDERS, or null. */
export function unknownReplyPlaceholder(template: string): string | null {
  for (const m of template.matchAll(/\{([^{}]*)\}/g)) if (!(REPLY_PLACEHOLDERS as readonly string[]).includes(m[1]!)) return `{${m[1]}}`;
  return null;
}

/**
 * A template with its placeholders filled. A reviewer without a usable first name leaves no gap: "Thank you,
 * {first_name}!" becomes "Thank you!" and "{first_name}, thanks" becomes "Thanks". A review without a technician
 * reads "our team".
 */
export function renderReplyTemplate(template: string, values: { first_name: string | null; business: string; technician: string | null; sign_off: string }): string {
  let out = template;
  if (!values.first_name) {
    out = out.replace(/^\s*\{first_name\}[\s,!.:-]*(\p{L})?/u, (_m, next: string | undefined) => (next ? next.toUpperCase() : ''));
    out = out.replace(/[\s,]*\{first_name\}/g, '');
  }
  out = out.replace(/\{(first_name|business|technician|sign_off)\}/g, (_m, key: ReplyPlaceholder) => {
    if (key === 'technician') return values.technician ?? 'our team';
    return values[key] ?? '';
  });
  return out.replace(/[ \t]+\n/g, '\n').replace(/[ \t]{2,}/g, ' ').trim();
}

/**
 * The reviewer's first name as a reply may use it: the first word of the name when it reads as a given name
 * (letters, two or more, not a placeholder such as "A Google User"), capitalised; otherwise null.
 */
export function replyFirstName(fullName: string): string | null {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  if (!/^\p{L}[\p{L}'’-]{1,29}$/u.test(first)) return null;
  if (NOT_NAMES.has(first.toLowerCase())) return null;
  return first.charAt(0).toUpperCase() + first.slice(1).toLowerCase();
}

const NOT_NAMES = new Set(['a', 'an', 'the', 'google', 'facebook', 'user', 'customer', 'anonymous', 'guest', 'unknown', 'mr', 'mrs', 'ms', 'dr', 'sir', 'madam', 'client', 'homeowner', 'someone']);
