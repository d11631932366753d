import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesce', () => {
  it('runs a lone call at once, and the calls arriving meanwhile together', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const double = coalesce(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await gate;
      return items.map((n) => n * 2);
    }, { maxBatch: 10, concurrent: 1 });
    const first = double(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const rest = [double(2), double(3), double(4)];
    await tick();
    expect(batches).toHaveLength(1);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps batches within maxBatch and runs up to `concurrent` at once', async () => {
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    const same = coalesce(async (items: string[]) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      sizes.push(items.length);
      await tick();
      inFlight -= 1;
      return items;
    }, { maxBatch: 3, concurrent: 2 });
    const out = await Promise.all(Array.from({ length: 11 }, (_, i) => same(`x${i}`)));
    expect(out).toEqual(Array.from({ length: 11 }, (_, i) => `x${i}`));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(most).toBe(2);
  });

  it('fails only the item that fails when a batch throws', async () => {
    const seen: number[][] = [];
    const check = coalesce(async (items: number[]) => {
      seen.push(items);
      if (items.includes(13)) throw new Error('thirteen');
      return items.map(String);
    }, { maxBatch: 10, concurrent: 1 });
    const blocker = check(0);
    const results = await Promise.allSettled([blocker, check(12), check(13), check(14)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['0', '12', 'thirteen', '14']);
    expect(seen).toContainEqual([12, 13, 14]);
  });

  it('refuses a batch answering the wrong number of results', async () => {
    const broken = coalesce(async (items: number[]) => items.slice(1), { maxBatch: 5, concurrent: 1 });
    await expect(broken(1)).rejects.toThrow('a batch of 1 answered 0 results');
  });
});
