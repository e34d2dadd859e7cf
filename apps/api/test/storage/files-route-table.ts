import type { LocalStorage } from '../../src/platform/storage';
import type { AccountRouteCase } from '../support/account-rules';

/** A signed URL as `inject` takes it: its path and query, without the origin the app was configured with. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * The files module's routes, those of the embedded storage's presigned URLs (walked by test/account-route-matrix.test.ts):
 * public, the signature in the URL being the credential, so every caller with the URL gets the same answer (and every
 * caller without a valid one the same refusal, files-routes.test.ts). The storage is read only when a request is
 * built, so the table can be listed before the app exists.
 */
export function filesRouteCases(storage: () => LocalStorage): AccountRouteCase[] {
  return [
    {
      route: 'GET /api/files/*',
      rule: 'public',
      ok: 200,
      request: async (headers) => {
        const key = storage().newKey('matrix');
        await storage().putObject(key, Buffer.from('stored'), 'text/plain');
        return { method: 'GET', url: pathOf(await storage().presignGet(key, { expiresIn: 60 })), headers };
      },
    },
    {
      route: 'PUT /api/files/*',
      rule: 'public',
      ok: 200,
      request: async (headers) => {
        const signed = await storage().presignPut(storage().newKey('matrix'), {
          contentType: 'text/plain',
          contentLength: 4,
          expiresIn: 60,
        });
        return {
          method: 'PUT',
          url: pathOf(signed.url),
          headers: { ...headers, ...signed.headers },
          payload: 'sent',
        };
      },
    },
  ];
}
