import { ChevronDownIcon } from '../../../components/icons';
import { cx } from '../../../lib/cx';
import type { SortDir } from '../utils/table';
import styles from './Table.module.css';

/** A column header that sorts by its column; aria-sort tells the current order. */
export function SortHeader<K extends string>({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: K;
  sort: { key: K; dir: SortDir };
  onSort: (sort: { key: K; dir: SortDir }) => void;
  className?: string;
}) {
  const active = sort.key === column;
  return (
    <th scope="col" className={className} aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className={styles.sortButton}
        onClick={() => onSort({ key: column, dir: active && sort.dir === 'asc' ? 'desc' : 'asc' })}
      >
        {label}
        <ChevronDownIcon size={12} className={cx(styles.sortIcon, active ? sort.dir === 'asc' && styles.sortAsc : styles.sortNone)} aria-hidden />
        <span className="visually-hidden">, sort {active && sort.dir === 'asc' ? 'descending' : 'ascending'}</span>
      </button>
    </th>
  );
}
