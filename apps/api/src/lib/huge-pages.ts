/**
 * glibc's tunable that has malloc ask the kernel for transparent huge pages (madvise) on its heaps and its large
 * blocks. Where the kernel gives huge pages only to memory that asks for them (`madvise`, the default of many
 * distributions and of virtual machines), every 4 KB page a process touches for the first time is one page fault;
 * on some virtual machines a fault costs 15 µs or more, so a 1 MB answer built, copied and sent costs milliseconds
 * in faults alone. With huge pages it is one fault per 2 MB. Unknown to glibc before 2.35 and to other C libraries,
 * which ignore it.
 */
export const HUGE_PAGES_TUNABLE = 'glibc.malloc.hugetlb=1';

/**
 * The environment a Kudo process, or the embedded PostgreSQL server, starts with: `env` with the huge-pages tunable
 * added to GLIBC_TUNABLES, unless MALLOC_HUGE_PAGES is `0` or GLIBC_TUNABLES already says what it wants of it.
 */
export function withHugePages<T extends Record<string, string | undefined>>(env: T): T {
  if (env.MALLOC_HUGE_PAGES === '0') return env;
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (tunables.includes('glibc.malloc.hugetlb')) return env;
  return { ...env, GLIBC_TUNABLES: tunables ? `${tunables}:${HUGE_PAGES_TUNABLE}` : HUGE_PAGES_TUNABLE };
}
