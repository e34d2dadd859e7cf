import { describe, expect, it } from 'vitest';
import { apiHeadersBeside, helmetHeaders } from '../src/platform/http/security-headers';

describe('security headers computed once', () => {
  it("gives the API the pages' HSTS in production and none otherwise", () => {
    const production = helmetHeaders({ strictTransportSecurity: true });
    expect(production['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(apiHeadersBeside(production)['strict-transport-security']).toBe(
      production['strict-transport-security'],
    );
    const development = helmetHeaders({ strictTransportSecurity: false });
    expect(development['strict-transport-security']).toBeUndefined();
    expect(apiHeadersBeside(development)['strict-transport-security']).toBeUndefined();
  });

  it('refuses a content security policy computed per request, which could not be kept', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/per request/);
  });
});
