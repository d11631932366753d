import { describe, expect, it } from 'vitest';
import { entityTag, notModified, parseIfNoneMatch } from './conditional.js';

describe('If-None-Match', () => {
  const etag = entityTag('{"a":1}');

  it('is a strong tag that changes with the bytes', () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(entityTag('{"a":1}')).toBe(etag);
    expect(entityTag('{"a":2}')).not.toBe(etag);
  });

  it('parses lists of strong and weak tags, with empty elements and spaces', () => {
    expect(parseIfNoneMatch('"a"')).toEqual(['a']);
    expect(parseIfNoneMatch('W/"a", "b" ,,"c"')).toEqual(['a', 'b', 'c']);
    expect(parseIfNoneMatch(' , "a",\t')).toEqual(['a']);
    expect(parseIfNoneMatch('""')).toEqual(['']);
    // A comma is a character of the opaque tag inside the quotes.
    expect(parseIfNoneMatch('"a,b", "c"')).toEqual(['a,b', 'c']);
    expect(parseIfNoneMatch(' * ')).toBe('*');
  });

  it('ignores a value that is not well formed', () => {
    for (const bad of ['a', '"a" "b"', 'w/"a"', '"a', 'W/ "a"', '"a"x', '*, "a"', '', ' , ', '"a\u0001"', '"a"b"']) {
      expect(parseIfNoneMatch(bad), bad).toBeNull();
      expect(notModified(bad, etag), bad).toBe(false);
    }
  });

  it('matches by the weak comparison, * always, and otherwise not', () => {
    const opaque = etag.slice(1, -1);
    expect(notModified(undefined, etag)).toBe(false);
    expect(notModified(etag, etag)).toBe(true);
    expect(notModified(`W/${etag}`, etag)).toBe(true);
    expect(notModified(`"other", W/"x", ${etag}`, etag)).toBe(true);
    expect(notModified(['"other"', etag], etag)).toBe(true);
    expect(notModified('*', etag)).toBe(true);
    expect(notModified('"other", W/"x"', etag)).toBe(false);
    expect(notModified(`"${opaque.slice(1)}"`, etag)).toBe(false);
    expect(notModified(`"${opaque}x"`, etag)).toBe(false);
    expect(notModified(opaque, etag)).toBe(false);
  });
});
