import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROTATION_GAP_MS, ROTATION_MS, startRotation, type RotationStep } from './rotation';

const DAY_MS = 24 * 60 * 60 * 1000;
const TICK_MS = 250;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startRotation', () => {
  it('runs a simulated day of the three panels with exactly the expected switches and never more than one timer each', () => {
    const panels = (Object.keys(ROTATION_MS) as (keyof typeof ROTATION_MS)[]).map((name) => {
      const steps: RotationStep[] = [];
      const stop = startRotation({ showMs: ROTATION_MS[name], gapMs: ROTATION_GAP_MS, count: () => 7, onStep: (s) => steps.push(s) });
      return { name, steps, stop };
    });
    let most = 0;
    for (let elapsed = 0; elapsed < DAY_MS; elapsed += TICK_MS) {
      vi.advanceTimersByTime(TICK_MS);
      most = Math.max(most, vi.getTimerCount());
    }
    // Three panels, one pending timer each, all day long.
    expect(most).toBe(3);
    const switches = Object.fromEntries(panels.map((p) => [p.name, p.steps.filter((s) => s.visible).length]));
    // A switch every show + gap: 86 400 000 / 30 500, / 20 500, / 10 500, rounded down.
    expect(switches).toEqual({ departments: 2832, campaigns: 4214, comments: 8228 });
    const comments = panels[2]!.steps;
    // Hidden for the gap, then the next item, wrapping after the seventh.
    expect(comments.slice(0, 4)).toEqual([
      { index: 0, visible: false },
      { index: 1, visible: true },
      { index: 1, visible: false },
      { index: 2, visible: true },
    ]);
    expect(comments.filter((s) => s.visible).slice(5, 8).map((s) => s.index)).toEqual([6, 0, 1]);
    for (const p of panels) p.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows each item for its time and leaves a 500 ms gap', () => {
    const steps: [number, RotationStep][] = [];
    const stop = startRotation({ showMs: 10_000, gapMs: 500, count: () => 3, onStep: (s) => steps.push([Date.now(), s]) });
    const start = Date.now();
    vi.advanceTimersByTime(21_000);
    expect(steps.map(([at, s]) => [at - start, s.index, s.visible])).toEqual([
      [10_000, 0, false],
      [10_500, 1, true],
      [20_500, 1, false],
      [21_000, 2, true],
    ]);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(steps).toHaveLength(4);
  });

  it('follows a count that changes while it runs', () => {
    let count = 5;
    const shown: number[] = [];
    const stop = startRotation({ showMs: 1_000, gapMs: 500, count: () => count, onStep: (s) => s.visible && shown.push(s.index) });
    vi.advanceTimersByTime(3 * 1_500);
    count = 2;
    vi.advanceTimersByTime(3 * 1_500);
    expect(shown).toEqual([1, 2, 3, 0, 1, 0]);
    expect(vi.getTimerCount()).toBe(1);
    stop();
  });
});
