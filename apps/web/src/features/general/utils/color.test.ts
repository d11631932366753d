import { describe, expect, it } from 'vitest';
import { parseHex } from './color';

describe('colours', () => {
  it('reads typed colours with or without #, in any case', () => {
    expect(parseHex('AbC123')).toBe('#abc123');
    expect(parseHex(' #ABC123 ')).toBe('#abc123');
    expect(parseHex('#abc')).toBeNull();
    expect(parseHex('#ggg000')).toBeNull();
  });
});
