import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers after a real query, naming the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const expected = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(res.json()).toEqual({
      status: 'ok',
      database: expected,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('has a readiness check that answers the same after a database query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await t.app.inject({ method: 'GET', url: '/api/health' })).json());
  });
});

describe('the one error shape', () => {
  it('answers unknown API routes with 404 NOT_FOUND, never the web app', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No API route GET /api/no-such-thing.' });
  });

  it('lists every invalid field of a query with a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=0&channel=fax' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const paths = body.details.issues.map((issue: { path: string }) => issue.path).sort();
    expect(paths).toEqual(['querystring.channel', 'querystring.limit']);
    for (const issue of body.details.issues) expect(issue.message.length).toBeGreaterThan(0);
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
  });

  it('answers an unsupported media type with a 4xx in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { 'content-type': 'application/x-made-up' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('serving the web app', () => {
  it('falls back to index.html for client routes', async () => {
    for (const url of ['/', '/projects', '/auth/sign-in', '/projects/overview/123', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the public apply addresses with the lean apply page, and nothing else with it', async () => {
    const applyUrls = [
      '/submit/123?token=abc',
      '/castingcall/apply',
      '/castingcall/apply/AbCdEfGhIjKlMnOpQrSt',
      '/theatre/apply/some-slug/',
      '/claim-confirmation/42?projectId=1&token=x',
      '/submission/42?token=x',
    ];
    for (const url of applyUrls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-page="apply"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/submit', '/projects/candidate/1', '/submission', '/a/b/apply', '/auth/sign-in']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('data-page="apply"');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file that is not a page with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/projects', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the API its own strict security headers on answers, refusals and unknown routes', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/projects' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Document-only headers are left to pages.
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
    const page = await t.app.inject({ method: 'GET', url: '/projects', headers: { accept: 'text/html' } });
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document listing every API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const apiRoutes = t.app.routeAccess.filter(
      (route) =>
        route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const route of apiRoutes) {
      // A wildcard route (the signed file URLs) is documented with `{*}` as its parameter.
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      expect(documented, `${route.method} ${route.url}`).toContain(`${route.method} ${openApiPath}`);
    }
    expect(doc.paths['/api/health'].get.description).toContain('Access: public.');
  });

  it('serves the documentation UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});
