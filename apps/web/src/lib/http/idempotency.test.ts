import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { useIdempotencyKey } from './idempotency';

describe('useIdempotencyKey', () => {
  it('keeps one key while no answer came, and starts a new one once the API answered', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.current();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(result.current.current()).toBe(first);

    // The connection dropped: the send may have happened, so the retry carries the same key.
    result.current.settle(new TypeError('Failed to fetch'));
    expect(result.current.current()).toBe(first);

    // A success: the next press is a new send.
    result.current.settle(null);
    const second = result.current.current();
    expect(second).not.toBe(first);

    // A refusal: the API released the key, and the corrected request is a new attempt.
    result.current.settle(new HttpError(400, null));
    expect(result.current.current()).not.toBe(second);
  });
});
