import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('turns http and https URLs into links and keeps the text around them', () => {
    expect(linkify('Reset: https://app.test/password-recovery/reset_password?im=abc123 now')).toEqual([
      { kind: 'text', text: 'Reset: ' },
      { kind: 'link', href: 'https://app.test/password-recovery/reset_password?im=abc123' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves sentence punctuation out of the link', () => {
    expect(linkify('Open http://x.test/a. Or (see http://x.test/b), thanks')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://x.test/a' },
      { kind: 'text', text: '. Or (see ' },
      { kind: 'link', href: 'http://x.test/b' },
      { kind: 'text', text: '), thanks' },
    ]);
  });

  it('returns plain text untouched and ignores other schemes', () => {
    expect(linkify('no links here, javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'no links here, javascript:alert(1)' },
    ]);
    expect(linkify('')).toEqual([]);
  });
});
