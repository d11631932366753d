import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Line, LineChart, XAxis, YAxis } from 'recharts';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ChartFrame, YEAR_OR_ALL_TIME } from './ChartFrame';
import type { QueryLike } from './QueryBoundary';
import { STATE_TEXT } from './States';

interface Point {
  month: string;
  reviews: number;
}

const loaded = <T,>(data: T): QueryLike<T> => ({ isPending: false, isError: false, isFetching: false, error: null, data, refetch: vi.fn() });

// jsdom lays nothing out: the container is told it is 400×200, as a browser would measure it.
const RealResizeObserver = globalThis.ResizeObserver;
beforeAll(() => {
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target, contentRect: { width: 400, height: 200 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterAll(() => {
  globalThis.ResizeObserver = RealResizeObserver;
});

function ReviewsChart({ query }: { query: QueryLike<Point[]> }) {
  const [range, setRange] = useState<'year' | 'all'>('year');
  return (
    <>
      <ChartFrame
        title="Reviews"
        query={query}
        isEmpty={(points) => points.length === 0}
        summary={(points) => `Reviews per month: ${points.map((p) => `${p.month} ${p.reviews}`).join(', ')}.`}
        ranges={YEAR_OR_ALL_TIME}
        range={range}
        onRangeChange={setRange}
      >
        {(points) => (
          <LineChart data={points}>
            <XAxis dataKey="month" />
            <YAxis />
            <Line dataKey="reviews" isAnimationActive={false} />
          </LineChart>
        )}
      </ChartFrame>
      <p data-testid="range">{range}</p>
    </>
  );
}

const POINTS = [
  { month: 'Jan', reviews: 4 },
  { month: 'Feb', reviews: 9 },
  { month: 'Mar', reviews: 6 },
];

describe('ChartFrame', () => {
  test('draws the chart under its title with a summary screen readers get as the figure’s name', () => {
    const { container } = render(<ReviewsChart query={loaded(POINTS)} />);
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeTruthy();
    const figure = screen.getByRole('figure', { name: 'Reviews per month: Jan 4, Feb 9, Mar 6.' });
    expect(figure.querySelector('figcaption')?.className).toBe('visually-hidden');
    expect(container.querySelector('.recharts-line')).not.toBeNull();
    expect(within(figure).getByText('Feb')).toBeTruthy();
  });

  test('the range toggle marks the chosen range and reports a new one', async () => {
    render(<ReviewsChart query={loaded(POINTS)} />);
    const group = screen.getByRole('group', { name: 'Reviews range' });
    expect(within(group).getByRole('button', { name: 'Last Year' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(group).getByRole('button', { name: 'All Time' }));
    expect(screen.getByTestId('range').textContent).toBe('all');
    expect(within(group).getByRole('button', { name: 'All Time' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('further toggles (a source) sit before the range, each a named group', async () => {
    const onSource = vi.fn();
    render(
      <ChartFrame
        title="Growth"
        query={loaded(POINTS)}
        isEmpty={() => false}
        summary={() => 'Growth'}
        toggles={[{ label: 'Source', options: [{ value: 'google', label: 'Google' }, { value: 'facebook', label: 'Facebook' }], value: 'google', onChange: onSource }]}
        ranges={YEAR_OR_ALL_TIME}
        range="all"
        onRangeChange={vi.fn()}
      >
        {(points) => (
          <LineChart data={points}>
            <Line dataKey="reviews" isAnimationActive={false} />
          </LineChart>
        )}
      </ChartFrame>,
    );
    const groups = screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(groups).toEqual(['Growth source', 'Growth range']);
    const source = screen.getByRole('group', { name: 'Growth source' });
    expect(within(source).getByRole('button', { name: 'Google' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(source).getByRole('button', { name: 'Facebook' }));
    expect(onSource).toHaveBeenCalledWith('facebook');
  });

  test('no points: Collecting Data, Check back soon!', () => {
    render(<ReviewsChart query={loaded([])} />);
    expect(screen.getByText(STATE_TEXT.collecting)).toBeTruthy();
    expect(screen.getByText(STATE_TEXT.collectingHint)).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  test('loading and error come from the query, Retry refetches', async () => {
    const { unmount } = render(<ReviewsChart query={{ ...loaded<Point[]>([]), data: undefined, isPending: true }} />);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    unmount();
    const failing = { ...loaded<Point[]>([]), data: undefined, isError: true, error: new Error('Could not load reviews') };
    render(<ReviewsChart query={failing} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load reviews');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failing.refetch).toHaveBeenCalledOnce();
  });
});
