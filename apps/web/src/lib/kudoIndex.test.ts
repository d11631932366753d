import { describe, expect, it } from 'vitest';
import { formatKudoIndex, scoreBand } from './kudoIndex';

describe('Kudo Index', () => {
  it('shows whole numbers as they are and others with one decimal', () => {
    expect(formatKudoIndex(9)).toBe('9');
    expect(formatKudoIndex(8.25)).toBe('8.3');
    expect(formatKudoIndex(7.96)).toBe('8');
    expect(formatKudoIndex(0)).toBe('0');
  });

  it('colours 9 and up green, 7 to under 9 blue, 4 to under 7 yellow, under 4 red', () => {
    expect([10, 9, 8.99, 7, 6.99, 4, 3.99, 0].map(scoreBand)).toEqual(['green', 'green', 'blue', 'blue', 'yellow', 'yellow', 'red', 'red']);
  });
});
