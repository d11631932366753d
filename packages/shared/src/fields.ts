import type { z } from 'zod';
import { FIELD_MSG } from './messages.js';

/**
 * How the registry's validation speaks to a person. A schema that gives its own message keeps it; any
 * other problem is told in words, naming the field from its path (`customer_phone` → "Customer phone").
 */

/** Abbreviations and product words that a field key spells differently from how a person reads them. */
const WORDS: Record<string, string> = {
  url: 'URL',
  id: 'ID',
  uid: 'ID',
  sms: 'SMS',
  ip: 'IP',
  yt: 'YouTube',
  pcheck: 'pulseCheck',
  bkg: 'background',
  fb: 'Facebook',
  gsd: 'widget',
  im: 'link',
};

/** Keys that only make sense with their parent's name: `firstReply.text` is the "First reply text". */
const GENERIC_KEYS = new Set(['text', 'value', 'enable', 'delay', 'title', 'url', 'id', 'type', 'data', 'method', 'first', 'last']);

function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
}

const sentence = (parts: string[]): string => {
  const text = parts.join(' ');
  return /^[a-z]/.test(text) && !/^pulseCheck/.test(text) ? text[0]!.toUpperCase() + text.slice(1) : text;
};

/** A field's name for a person, from its path in the request: "Phone number", "Item 2 of emails". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const keys = path.filter((k): k is string => typeof k === 'string' && !/^\d+$/.test(k));
  const last = keys.at(-1);
  if (last === undefined) return FIELD_MSG.requestLabel;
  const parent = keys.at(-2);
  let parts = words(last);
  if (parent !== undefined && GENERIC_KEYS.has(last)) {
    const parentWords = words(parent);
    // `name.first` reads "First name"; `social_media_url.url` would repeat itself as "Social media URL URL".
    if (parent === 'name') parts = [...parts, ...parentWords];
    else parts = parentWords.at(-1) === parts.at(-1) ? parentWords : [...parentWords, ...parts];
  }
  const label = sentence(parts);
  const lastIndex = path.findLastIndex((k) => typeof k === 'number' || (typeof k === 'string' && /^\d+$/.test(k)));
  const lastKeyIndex = path.lastIndexOf(last);
  if (lastIndex > lastKeyIndex) return FIELD_MSG.itemOf(Number(path[lastIndex]) + 1, label);
  return label;
}

/** The field path as the error envelope keys it: `social_media_url.url`, `phoneNumbers.0`. */
export const fieldKey = (path: readonly PropertyKey[]): string => path.map(String).join('.') || '_';

/** A validation problem in words, for issues whose schema gave no message of its own. */
export function describeIssue(issue: z.core.$ZodRawIssue): string {
  const path = issue.path ?? [];
  const label = fieldLabel(path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return FIELD_MSG.required(label);
      if (path.length === 0) return FIELD_MSG.requestNotObject;
      return FIELD_MSG.wrongType(label, issue.expected);
    }
    case 'invalid_value':
      return FIELD_MSG.oneOf(label, issue.values);
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? FIELD_MSG.required(label) : FIELD_MSG.minChars(label, min);
      if (issue.origin === 'array' || issue.origin === 'set') return FIELD_MSG.minItems(label, min);
      return FIELD_MSG.minNumber(label, min, issue.inclusive !== false);
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return FIELD_MSG.maxChars(label, max);
      if (issue.origin === 'array' || issue.origin === 'set') return FIELD_MSG.maxItems(label, max);
      if (issue.origin === 'file') return FIELD_MSG.maxBytes(label, max);
      return FIELD_MSG.maxNumber(label, max, issue.inclusive !== false);
    }
    case 'invalid_format':
      if (issue.format === 'url') return FIELD_MSG.httpUrl(label);
      if (issue.format === 'email') return FIELD_MSG.email(label);
      return FIELD_MSG.invalid(label);
    case 'not_multiple_of':
      return FIELD_MSG.multipleOf(label, Number(issue.divisor));
    case 'unrecognized_keys':
      return FIELD_MSG.unknownKeys(label, issue.keys);
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (options?.length) return FIELD_MSG.oneOf(label, options);
      // What each alternative expected, when each says it plainly: "true or false, 0 or 1".
      const expected = issue.errors.map((branch) => {
        const first = branch.length === 1 ? branch[0] : undefined;
        if (first?.code === 'invalid_type') return FIELD_MSG.typeWord(first.expected);
        if (first?.code === 'invalid_value' && first.values.length === 1) return String(first.values[0]);
        return undefined;
      });
      return expected.every((e) => e !== undefined) ? FIELD_MSG.oneOf(label, [...new Set(expected)]) : FIELD_MSG.invalid(label);
    }
    default:
      return FIELD_MSG.invalid(label);
  }
}

/**
 * Characters no text field may hold: NUL (PostgreSQL text cannot store it) and unpaired UTF-16
 * surrogates (they cannot be encoded, and would be saved as U+FFFD instead of what was sent).
 */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE_RE.test(value);
}
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE_RE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string in a parsed request (a value or an object key) that is not storable
 * text, or null. Walks without recursion, so that deeply nested input cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown): PropertyKey[] | null {
  interface Node {
    value: unknown;
    key?: PropertyKey;
    parent?: Node;
  }
  const pathOf = (node: Node): PropertyKey[] => {
    const path: PropertyKey[] = [];
    for (let n: Node | undefined = node; n && n.key !== undefined; n = n.parent) path.unshift(n.key);
    return path;
  };
  const stack: Node[] = [{ value }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, key: i, parent: node }));
    } else if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (!isStorableText(key)) return pathOf(node);
        stack.push({ value: item, key, parent: node });
      }
    }
  }
  return null;
}
