import { cx } from '../lib/cx';
import { ChevronRightIcon } from './icons';
import styles from './Pagination.module.css';

/** The page numbers to show: at most `max`, a window around the current page. */
export function pageWindow(page: number, pageCount: number, max = 5): number[] {
  if (pageCount <= 0) return [];
  const size = Math.min(max, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** How many page links at most (5 by default). */
  maxLinks?: number;
  label?: string;
  /** First and Last buttons around Previous and Next, for lists of many pages. */
  edges?: boolean;
}

/** Two chevrons: to the very end. */
const ChevronsIcon = ({ className }: { className?: string }) => (
  <span className={cx(styles.double, className)} aria-hidden="true">
    <ChevronRightIcon size={14} />
    <ChevronRightIcon size={14} />
  </span>
);

export function Pagination({ page, pageCount, onPage, maxLinks = 5, label = 'Pages', edges = false }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.nav} aria-label={label}>
      {edges && (
        <button type="button" className={styles.item} onClick={() => onPage(1)} disabled={page <= 1} aria-label="First page">
          <ChevronsIcon className={styles.flip} />
        </button>
      )}
      <button type="button" className={styles.item} onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        <ChevronRightIcon size={14} className={styles.flip} />
      </button>
      {pageWindow(page, pageCount, maxLinks).map((p) => (
        <button
          key={p}
          type="button"
          className={cx(styles.item, p === page && styles.current)}
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Page ${p}`}
          onClick={() => onPage(p)}
        >
          {p}
        </button>
      ))}
      <button type="button" className={styles.item} onClick={() => onPage(page + 1)} disabled={page >= pageCount} aria-label="Next page">
        <ChevronRightIcon size={14} />
      </button>
      {edges && (
        <button type="button" className={styles.item} onClick={() => onPage(pageCount)} disabled={page >= pageCount} aria-label="Last page">
          <ChevronsIcon />
        </button>
      )}
    </nav>
  );
}
