import { createHash } from 'node:crypto';

/** A strong entity tag for a representation: a hash of its bytes, quoted (RFC 9110 §8.8.3). */
export const entityTag = (body: string | Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** One element of an If-None-Match list: optional W/, then the quoted opaque tag (etagc: ! and # to ~, obs-text). */
const TAG = /[\t ]*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"[\t ]*/y;
/** Whitespace and the commas of empty list elements before a tag. */
const GAP = /[\t ,]*/y;

/**
 * The opaque tags of an If-None-Match value (`#entity-tag`, empty elements allowed), their W/ dropped, or
 * '*'; null when the value is not well formed, so that the condition is ignored and the full answer sent.
 */
export function parseIfNoneMatch(value: string): string[] | '*' | null {
  if (value.trim() === '*') return '*';
  const tags: string[] = [];
  let at = 0;
  for (;;) {
    GAP.lastIndex = at;
    GAP.exec(value);
    at = GAP.lastIndex;
    if (at === value.length) return tags.length > 0 ? tags : null;
    TAG.lastIndex = at;
    const match = TAG.exec(value);
    if (!match) return null;
    tags.push(match[2]!);
    at = TAG.lastIndex;
    // Tags are separated by commas.
    if (at < value.length && value[at] !== ',') return null;
  }
}

/**
 * Whether a GET with this If-None-Match is answered 304 for a representation whose (strong) tag is `etag`
 * (RFC 9110 §13.1.2): '*' matches any current representation, a list matches when one of its tags does by
 * the weak comparison (the opaque tags are equal, W/ or not).
 */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const tags = parseIfNoneMatch(Array.isArray(ifNoneMatch) ? ifNoneMatch.join(', ') : ifNoneMatch);
  if (tags === null) return false;
  if (tags === '*') return true;
  const opaque = etag.replace(/^W\//, '').slice(1, -1);
  return tags.includes(opaque);
}
