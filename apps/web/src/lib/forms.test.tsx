import { act, renderHook } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import { useFormErrors } from './forms';

const schema = z.object({ name: z.string().min(1, 'Enter a name.') });

function mutation(error: unknown) {
  return { error, isError: error !== null, reset: vi.fn() };
}

describe('useFormErrors', () => {
  test('a failed check shows the field message, clears the last call and refuses to send', () => {
    const m = mutation(null);
    const { result } = renderHook(() => useFormErrors(m));
    let ok = true;
    act(() => {
      ok = result.current.check(schema, { name: '' });
    });
    expect(ok).toBe(false);
    expect(result.current.errors).toEqual({ name: 'Enter a name.' });
    expect(m.reset).toHaveBeenCalledTimes(1);
    act(() => {
      ok = result.current.check(schema, { name: 'Ann' });
    });
    expect(ok).toBe(true);
    expect(result.current.errors).toEqual({});
  });

  test("the browser's message wins over the server's for the same field", () => {
    const m = mutation(new ApiError(400, 'Bad input', { name: 'Taken.', email: 'Wrong.' }));
    const { result } = renderHook(() => useFormErrors(m));
    act(() => {
      result.current.accept({ name: 'Enter a name.' });
    });
    expect(result.current.errors).toEqual({ name: 'Enter a name.', email: 'Wrong.' });
    expect(result.current.generalError).toBeNull();
  });

  test('a failure tied to no field becomes the general message, and clear resets both sides', () => {
    const m = mutation(new ApiError(500, 'Something broke'));
    const { result } = renderHook(() => useFormErrors(m));
    expect(result.current.generalError).toBe('Something broke');
    act(() => {
      result.current.accept({ name: 'x' });
      result.current.clear();
    });
    expect(result.current.errors).toEqual({});
    expect(m.reset).toHaveBeenCalledTimes(2);
  });
});
