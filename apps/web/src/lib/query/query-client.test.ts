import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('neither refetches on window focus nor retries (spec section 7)', () => {
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
