import { extractErrorMessage, isCanceledError } from '@casting/domain';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createFetchDouble, deferred, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { createHttpClient } from './http-client';
import type { HttpClientConfig } from './http-client';
import { HttpError, InvalidResponseError } from './http-error';

const itemSchema = z.object({ id: z.number() });

function setup(handlers: Record<string, FetchHandler>, overrides: Partial<HttpClientConfig> = {}) {
  const double = createFetchDouble(handlers);
  let token: string | null = 'old-token';
  const config: HttpClientConfig = {
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => token,
    refreshAccessToken: vi.fn(async () => {
      token = 'new-token';
      return token;
    }),
    onRefreshFailed: vi.fn(() => {
      token = null;
    }),
    ...overrides,
  };
  return {
    double,
    config,
    client: createHttpClient(config),
    setToken: (value: string | null) => (token = value),
  };
}

/** Answers 200 only to the refreshed token, like an API whose first token has expired. */
const needsNewToken: FetchHandler = (call) =>
  call.headers.get('Authorization') === 'Bearer new-token'
    ? jsonResponse(200, { id: Number(call.url.split('=')[1]) })
    : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Token expired' });

describe('http client', () => {
  it('sends the bearer access token, JSON bodies, and parses the answer with the given schema', async () => {
    const { client, double } = setup({ 'POST /api/items': () => jsonResponse(201, { id: 7 }) });

    const item = await client.request('/items', itemSchema, { method: 'POST', body: { name: 'A' } });

    expect(item).toEqual({ id: 7 });
    const [call] = double.calls;
    expect(call?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({ name: 'A' });
  });

  it('sends no Authorization header on a no-auth request, and does not refresh on its 401', async () => {
    const { client, double, config } = setup({
      'POST /api/auth/sign-in': () =>
        jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password.' }),
    });

    const failure = client.send('/auth/sign-in', { method: 'POST', noAuth: true, body: {} });

    await expect(failure).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(double.calls[0]?.headers.has('Authorization')).toBe(false);
    expect(config.refreshAccessToken).not.toHaveBeenCalled();
  });

  it('turns a non-2xx answer into an HttpError carrying status and the parsed error body', async () => {
    const body = {
      code: 'PROJECT_ACCESS_DENIED',
      message: 'Project access denied',
      details: { projectId: 'p1' },
    };
    const { client } = setup({ 'GET /api/projects/p1': () => jsonResponse(403, body) });

    const error = await client.request('/projects/p1', itemSchema).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403, code: 'PROJECT_ACCESS_DENIED', data: body });
  });

  it.each([
    [
      'the details message first',
      { code: 'VALIDATION_FAILED', message: 'Invalid body', details: [{ message: 'Email is required' }] },
      'Email is required',
    ],
    ['then the response message', { code: 'CONFLICT', message: 'Title already used' }, 'Title already used'],
    [
      'then the error’s own message when the body is not the API’s',
      '<html>Bad gateway</html>',
      'Request failed with status code 502',
    ],
  ])('extracts the message to show: %s', async (_case, body, expected) => {
    const { client } = setup({
      'GET /api/things': () =>
        typeof body === 'string' ? new Response(body, { status: 502 }) : jsonResponse(400, body),
    });

    const error = await client.send('/things').catch((caught: unknown) => caught);

    expect(extractErrorMessage(error)).toBe(expected);
  });

  it("ends the extraction with 'Unknown error' when a failure carries no text at all", async () => {
    const { client } = setup({
      'GET /api/things': () => {
        throw new TypeError('');
      },
    });

    const error = await client.send('/things').catch((caught: unknown) => caught);

    expect(extractErrorMessage(error)).toBe('Unknown error');
  });

  it('rejects a 2xx body that breaks the contract instead of passing it on', async () => {
    const { client } = setup({ 'GET /api/items/1': () => jsonResponse(200, { id: 'one' }) });

    await expect(client.request('/items/1', itemSchema)).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('refreshes once for 5 concurrent 401s, queues them, and retries each with the new token', async () => {
    const release = deferred();
    let token: string | null = 'old-token';
    const refreshAccessToken = vi.fn(async () => {
      await release.promise;
      token = 'new-token';
      return token;
    });
    const { client, double } = setup(
      { 'GET /api/items': needsNewToken },
      { getAccessToken: () => token, refreshAccessToken },
    );

    const requests = [1, 2, 3, 4, 5].map((id) => client.request('/items', itemSchema, { query: { id } }));
    await vi.waitFor(() => expect(double.calls).toHaveLength(5));
    release.resolve();
    const results = await Promise.all(requests);

    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(results).toEqual([1, 2, 3, 4, 5].map((id) => ({ id })));
    const retries = double.calls.slice(5);
    expect(retries).toHaveLength(5);
    expect(retries.every((call) => call.headers.get('Authorization') === 'Bearer new-token')).toBe(true);
  });

  it('on a failed refresh signs out once and rejects every queued request', async () => {
    const release = deferred();
    const refreshFailure = new HttpError(401, { code: 'SESSION_EXPIRED', message: 'Session expired' });
    const refreshAccessToken = vi.fn(async () => {
      await release.promise;
      throw refreshFailure;
    });
    const { client, double, config } = setup({ 'GET /api/items': needsNewToken }, { refreshAccessToken });

    const requests = [1, 2, 3, 4, 5].map((id) =>
      client.request('/items', itemSchema, { query: { id } }).catch((caught: unknown) => caught),
    );
    await vi.waitFor(() => expect(double.calls).toHaveLength(5));
    release.resolve();
    const outcomes = await Promise.all(requests);

    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(config.onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(outcomes).toEqual([
      refreshFailure,
      refreshFailure,
      refreshFailure,
      refreshFailure,
      refreshFailure,
    ]);
    expect(double.calls).toHaveLength(5);
  });

  it('retries only once: a 401 with the new token is final', async () => {
    const { client, double, config } = setup({
      'GET /api/admin': () => jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Nope' }),
    });

    await expect(client.send('/admin')).rejects.toMatchObject({ status: 401 });
    expect(config.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(double.calls).toHaveLength(2);
  });

  it('reuses a token refreshed while this request was on its way instead of refreshing again', async () => {
    const { client, config, setToken } = setup({
      'GET /api/items': (call) => {
        // Another request's refresh lands while this one is in flight with the old token.
        setToken('new-token');
        return needsNewToken(call);
      },
    });

    await expect(client.request('/items', itemSchema, { query: { id: 3 } })).resolves.toEqual({ id: 3 });
    expect(config.refreshAccessToken).not.toHaveBeenCalled();
  });

  it('reports an aborted request as canceled (ERR_CANCELED)', async () => {
    const answer = deferred<Response>();
    const { client } = setup({ 'GET /api/slow': () => answer.promise });
    const controller = new AbortController();

    const pending = client.send('/slow', { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();
    const error = await pending;

    expect(isCanceledError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'ERR_CANCELED' });
  });

  it('lets one queued request be canceled without disturbing the others', async () => {
    const release = deferred();
    let token: string | null = 'old-token';
    const refreshAccessToken = vi.fn(async () => {
      await release.promise;
      token = 'new-token';
      return token;
    });
    const { client, double } = setup(
      { 'GET /api/items': needsNewToken },
      { getAccessToken: () => token, refreshAccessToken },
    );
    const controller = new AbortController();

    const canceled = client
      .send('/items', { query: { id: 1 }, signal: controller.signal })
      .catch((caught: unknown) => caught);
    const kept = client.request('/items', itemSchema, { query: { id: 2 } });
    await vi.waitFor(() => expect(double.calls).toHaveLength(2));
    controller.abort();
    release.resolve();

    expect(isCanceledError(await canceled)).toBe(true);
    await expect(kept).resolves.toEqual({ id: 2 });
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });
  it('sends at once with a schema still loading, and parses the answer with it once it is in', async () => {
    const { client, double } = setup({ 'GET /api/items': () => jsonResponse(200, { id: 3, extra: true }) });
    const schema = deferred<typeof itemSchema>();

    const answer = client.request('/items', schema.promise);
    await vi.waitFor(() => expect(double.callsTo('GET /api/items')).toHaveLength(1));
    schema.resolve(itemSchema);

    await expect(answer).resolves.toEqual({ id: 3 });
  });

  it('rejects an error answer without waiting for a schema still loading', async () => {
    const { client } = setup({
      'GET /api/items': () => jsonResponse(404, { code: 'NOT_FOUND', message: 'No such item' }),
    });
    const neverLoaded = new Promise<typeof itemSchema>(() => undefined);

    const error = await client.request('/items', neverLoaded).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe('NOT_FOUND');
  });
});
