import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, ERROR_SHOWN_INLINE } from './query-client';

describe('createQueryClient', () => {
  it('neither refetches on window focus nor retries', () => {
    const defaults = createQueryClient().getDefaultOptions();

    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('gives up on a failing query after one attempt', async () => {
    const client = createQueryClient();
    let attempts = 0;

    await expect(
      client.fetchQuery({
        queryKey: ['failing'],
        queryFn: () => {
          attempts += 1;
          throw new Error('down');
        },
      }),
    ).rejects.toThrow('down');
    expect(attempts).toBe(1);
  });
});

describe('failed query toasts', () => {
  it('toasts a failed query once, unless its screen shows the failure inline', async () => {
    const { toast } = await import('../toast/toast');
    const spy = vi.spyOn(toast, 'error').mockReturnValue('id');
    const client = createQueryClient();
    const fail = () => Promise.reject(new Error('down'));

    await client.fetchQuery({ queryKey: ['toasted'], queryFn: fail }).catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['inline'], queryFn: fail, meta: ERROR_SHOWN_INLINE })
      .catch(() => undefined);

    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
