import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRotation } from './rotation';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useRotation', () => {
  it('does not rotate one item or none, and sets no timer for them', () => {
    for (const count of [0, 1]) {
      const { result, unmount } = renderHook(() => useRotation(count, 10_000));
      expect(vi.getTimerCount()).toBe(0);
      act(() => vi.advanceTimersByTime(60_000));
      expect(result.current).toEqual({ index: 0, visible: true });
      unmount();
    }
  });

  it('keeps one timer through data refreshes that change the count, and none after unmounting', () => {
    const { result, rerender, unmount } = renderHook(({ count }) => useRotation(count, 10_000), { initialProps: { count: 3 } });
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toEqual({ index: 0, visible: false });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toEqual({ index: 1, visible: true });
    // A refresh every few minutes for a simulated day, the list growing and shrinking.
    for (let minute = 0; minute < 24 * 60; minute += 3) {
      rerender({ count: 2 + (minute % 5) });
      act(() => vi.advanceTimersByTime(3 * 60_000));
      expect(vi.getTimerCount()).toBe(1);
      expect(result.current.index).toBeLessThan(2 + (minute % 5));
    }
    // Down to one item: the rotation stops and shows it.
    rerender({ count: 1 });
    expect(vi.getTimerCount()).toBe(0);
    expect(result.current).toEqual({ index: 0, visible: true });
    rerender({ count: 4 });
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
