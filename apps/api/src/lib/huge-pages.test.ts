import { describe, expect, it } from 'vitest';
import { HUGE_PAGES_TUNABLE, withHugePages } from './huge-pages.js';

describe('withHugePages', () => {
  it('adds the tunable when none is set', () => {
    expect(withHugePages({ PATH: '/bin' })).toEqual({ PATH: '/bin', GLIBC_TUNABLES: HUGE_PAGES_TUNABLE });
  });

  it('appends it to other tunables', () => {
    expect(withHugePages({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(
      `glibc.malloc.arena_max=2:${HUGE_PAGES_TUNABLE}`,
    );
  });

  it('leaves a hugetlb setting of the operator alone', () => {
    const env = { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' };
    expect(withHugePages(env)).toBe(env);
  });

  it('adds nothing with MALLOC_HUGE_PAGES=0', () => {
    const env = { MALLOC_HUGE_PAGES: '0' };
    expect(withHugePages(env)).toEqual({ MALLOC_HUGE_PAGES: '0' });
  });

  it('does not change the environment it is given', () => {
    const env: Record<string, string | undefined> = {};
    withHugePages(env);
    expect(env.GLIBC_TUNABLES).toBeUndefined();
  });
});
