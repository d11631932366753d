import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio, DARK_TEXT, LIGHT_TEXT, luminance, readableTextOn, textColorOn } from './contrast';

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`);

describe('contrast', () => {
  it('measures luminance and contrast as WCAG does', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(luminance('#fff')).toBeCloseTo(1);
    expect(luminance('blue')).toBeNaN();
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#2563eb', '#2563eb')).toBe(1);
    // The muted grey on white, a value published by WCAG tools.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('puts white on dark brand colours and black on light ones', () => {
    expect(readableTextOn('#1f4e79')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#000')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#ffd700')).toBe(DARK_TEXT);
    expect(readableTextOn('#f68315')).toBe(DARK_TEXT);
    expect(readableTextOn('not a colour')).toBe(DARK_TEXT);
  });

  it('gives text of at least 4.5:1 on any brand colour', () => {
    fc.assert(
      fc.property(hexColour, (bg) => {
        expect(contrastRatio(bg, readableTextOn(bg))).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the business's text colour when it reads, and replaces it when it does not", () => {
    expect(textColorOn('#1f4e79', '#ffd700')).toBe('#ffd700');
    expect(textColorOn('#dddddd', '#ffffff')).toBe(DARK_TEXT);
    expect(textColorOn('#1f4e79', null)).toBe(LIGHT_TEXT);
    expect(textColorOn('#1f4e79', 'javascript:')).toBe(LIGHT_TEXT);
    fc.assert(
      fc.property(hexColour, hexColour, (bg, fg) => {
        expect(contrastRatio(bg, textColorOn(bg, fg))).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }),
    );
  });
});
