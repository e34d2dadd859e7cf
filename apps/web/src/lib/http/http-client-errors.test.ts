import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from './http-client';
import { HttpError } from './http-error';

function setup(handlers: Parameters<typeof createFetchDouble>[0]) {
  const double = createFetchDouble(handlers);
  const client = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: () => Promise.reject(new Error('no refresh in this test')),
    onRefreshFailed: () => undefined,
  });
  return { client, double };
}

describe('http client error subscription', () => {
  it('tells every subscriber about an error answer before the caller sees it', async () => {
    const { client } = setup({
      'GET /api/items': () =>
        jsonResponse(403, { code: 'TOTP_NOT_ENABLED', message: 'Set up two-factor authentication.' }),
    });
    const heard: string[] = [];
    client.subscribeErrors((error) => heard.push(`${error.status} ${error.code ?? ''}`));

    const outcome = await client.request('/items', z.unknown()).catch((error: unknown) => error);

    expect(outcome).toBeInstanceOf(HttpError);
    expect(heard).toEqual(['403 TOTP_NOT_ENABLED']);
  });

  it('stays quiet on success and after unsubscribing', async () => {
    const { client, double } = setup({ 'GET /api/items': () => jsonResponse(200, { ok: true }) });
    const listener = vi.fn();
    const unsubscribe = client.subscribeErrors(listener);

    await client.request('/items', z.object({ ok: z.boolean() }));
    unsubscribe();
    double.on('GET /api/items', () => jsonResponse(500, { code: 'INTERNAL_ERROR', message: 'Boom' }));
    await client.send('/items').catch(() => undefined);

    expect(listener).not.toHaveBeenCalled();
  });
});
