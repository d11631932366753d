import { useEffect, useRef, useState } from 'react';

/** How long each panel shows one item (departments, campaigns, comments), and the blank gap between two items. */
export const ROTATION_MS = { departments: 30_000, campaigns: 20_000, comments: 10_000 } as const;
export const ROTATION_GAP_MS = 500;

/** The item shown, and whether it is on screen (false during the gap before the next one). */
export interface RotationStep {
  index: number;
  visible: boolean;
}

export interface RotationOptions {
  showMs: number;
  gapMs: number;
  /** How many items there are now (data refreshes may change it while rotating). */
  count: () => number;
  onStep: (step: RotationStep) => void;
}

/**
 * Shows item 0, then forever: `showMs` later hides it, `gapMs` later shows the next one (wrapping). One
 * timer is pending at any time, each set by the one before it fired, and the returned stop clears it: a
 * display left running for days holds exactly one timer per panel.
 */
export function startRotation({ showMs, gapMs, count, onStep }: RotationOptions): () => void {
  let index = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hide = () => {
    onStep({ index, visible: false });
    timer = setTimeout(next, gapMs);
  };
  const next = () => {
    const n = count();
    index = n > 0 ? (index + 1) % n : 0;
    onStep({ index, visible: true });
    timer = setTimeout(hide, showMs);
  };
  timer = setTimeout(hide, showMs);
  return () => clearTimeout(timer);
}

/**
 * The item of `count` a panel shows now. It rotates only with more than one item; a refresh that changes
 * the count keeps the rotation (and its single timer) going, the index wrapping into the new list.
 */
export function useRotation(count: number, showMs: number, gapMs: number = ROTATION_GAP_MS): RotationStep {
  const [step, setStep] = useState<RotationStep>({ index: 0, visible: true });
  const countRef = useRef(count);
  useEffect(() => {
    countRef.current = count;
  }, [count]);
  const rotating = count > 1;
  useEffect(() => {
    if (!rotating) return;
    return startRotation({ showMs, gapMs, count: () => countRef.current, onStep: setStep });
  }, [rotating, showMs, gapMs]);
  if (!rotating) return { index: 0, visible: true };
  return { index: step.index % count, visible: step.visible };
}
