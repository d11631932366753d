import { useId, type ReactElement, type ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { cx } from '../lib/cx';
import { Card } from './Card';
import styles from './ChartFrame.module.css';
import { QueryBoundary, type QueryLike } from './QueryBoundary';
import { CollectingDataState } from './States';

export interface RangeOption<K extends string> {
  value: K;
  label: string;
}

/** The range toggle most report panels show. */
export const YEAR_OR_ALL_TIME = [
  { value: 'year', label: 'Last Year' },
  { value: 'all', label: 'All Time' },
] as const satisfies readonly RangeOption<string>[];

/** A further choice shown beside the range toggle (a source: Google / Facebook), drawn the same way. */
export interface ChartToggle {
  /** Names the group for screen readers ('Source'). */
  label: string;
  options: readonly RangeOption<string>[];
  value: string;
  onChange: (value: string) => void;
}

export interface ChartFrameProps<T, K extends string> {
  title: string;
  query: QueryLike<T>;
  /** True when there is nothing to draw: the panel then says 'Collecting Data' / 'Check back soon!'. */
  isEmpty: (data: T) => boolean;
  /** What the chart shows, in words (or a small table), for those who cannot see it. */
  summary: (data: T) => ReactNode;
  /** The chart itself (a recharts chart), drawn at the frame's width and `height`. */
  children: (data: T) => ReactElement;
  ranges?: readonly RangeOption<K>[];
  range?: K;
  onRangeChange?: (range: K) => void;
  /** Other toggles, before the range toggle. */
  toggles?: readonly ChartToggle[];
  height?: number;
  className?: string;
}

/**
 * A report panel around a recharts chart: its title, a range toggle, the loading / error / collecting
 * states, and a description of the data that screen readers read instead of the drawing.
 */
export function ChartFrame<T, K extends string>({
  title,
  query,
  isEmpty,
  summary,
  children,
  ranges,
  range,
  onRangeChange,
  toggles = [],
  height = 260,
  className,
}: ChartFrameProps<T, K>) {
  const captionId = useId();
  return (
    <Card
      title={title}
      headingLevel="h3"
      className={className}
      aria-busy={query.isPending || undefined}
      actions={
        toggles.length || (ranges && range !== undefined && onRangeChange) ? (
          <>
            {toggles.map((t) => (
              <ToggleGroup key={t.label} label={`${title} ${t.label.toLowerCase()}`} options={t.options} value={t.value} onChange={t.onChange} />
            ))}
            {ranges && range !== undefined && onRangeChange && (
              <ToggleGroup label={`${title} range`} options={ranges} value={range} onChange={(v) => onRangeChange(v as K)} />
            )}
          </>
        ) : undefined
      }
    >
      <QueryBoundary query={query} isEmpty={isEmpty} emptyContent={<CollectingDataState compact />} compact>
        {(data) => (
          <figure className={styles.figure} aria-labelledby={captionId}>
            <div className={styles.chart} style={{ height }}>
              <ResponsiveContainer width="100%" height="100%">
                {children(data)}
              </ResponsiveContainer>
            </div>
            <figcaption id={captionId} className="visually-hidden">
              {summary(data)}
            </figcaption>
          </figure>
        )}
      </QueryBoundary>
    </Card>
  );
}

/** Pressed-button choices of one group: exactly one is on. */
function ToggleGroup({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly RangeOption<string>[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.toggle} role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={cx(styles.option, o.value === value && styles.on)}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
