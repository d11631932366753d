import { describe, expect, it } from 'vitest';
import { DARK_TEXT, LIGHT_TEXT, luminance, parseHex, readableTextOn } from './color';

describe('colours', () => {
  it('measures luminance from black to white', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1);
  });
  it('picks white text on dark backgrounds and dark text on light ones', () => {
    expect(readableTextOn('#1f4e79')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#000000')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#ffffff')).toBe(DARK_TEXT);
    expect(readableTextOn('#ffd700')).toBe(DARK_TEXT);
    expect(readableTextOn('not a colour')).toBe(DARK_TEXT);
  });
  it('reads typed colours with or without #, in any case', () => {
    expect(parseHex('AbC123')).toBe('#abc123');
    expect(parseHex(' #ABC123 ')).toBe('#abc123');
    expect(parseHex('#abc')).toBeNull();
    expect(parseHex('#ggg000')).toBeNull();
  });
});
