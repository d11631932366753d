import { describe, expect, it } from 'vitest';
import { TILE, tileOf, tilesAround } from './map';

describe('tileOf', () => {
  it('puts 0,0 in the middle of the world', () => {
    expect(tileOf(0, 0, 1)).toEqual({ x: 1, y: 1 });
  });
  it('finds the zoom-15 tile of downtown Austin', () => {
    const { x, y } = tileOf(30.2672, -97.7431, 15);
    expect(Math.floor(x)).toBe(7487);
    expect(Math.floor(y)).toBe(13491);
  });
});

describe('tilesAround', () => {
  it('centres the point in the box', () => {
    const tiles = tilesAround(30.2672, -97.7431, 15, 400, 240);
    expect(tiles).toHaveLength(9);
    const { x, y } = tileOf(30.2672, -97.7431, 15);
    const centre = tiles[4]!;
    expect(centre.left + (x - Math.floor(x)) * TILE).toBeCloseTo(200);
    expect(centre.top + (y - Math.floor(y)) * TILE).toBeCloseTo(120);
  });
});
