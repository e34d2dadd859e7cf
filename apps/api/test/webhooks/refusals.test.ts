import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@casting/domain';
import { isPublicAddress } from '../../src/modules/webhooks/address-policy';
import { checkEndpointUrl } from '../../src/modules/webhooks/endpoints';
import { sendWebhook } from '../../src/modules/webhooks/sender';
import { startReceiver } from './receiver';

// The addresses a webhook may not reach, with the production address policy: at registration (the field's message)
// and at delivery (the attempt is refused before any connection), directly, through a name and through a redirect.
// A look-up is injected, so no test depends on the machine's DNS.
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe('addresses a webhook may not reach', () => {
  const strict = {
    lookup: async (host: string) => [
      { address: host === 'localhost' ? '127.0.0.1' : '93.184.216.34', family: 4 as const },
    ],
    isAllowed: isPublicAddress,
    allowHttp: false,
  };

  it('refuses 127.0.0.1, a name resolving there and plain http when private addresses are not allowed', async () => {
    for (const [url, message] of [
      ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['https://[::ffff:127.0.0.1]/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['https://localhost/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://example.com/hook', WEBHOOK_MESSAGES.urlNotHttps],
      ['https://user:pw@example.com/hook', WEBHOOK_MESSAGES.urlCredentials],
    ] as const) {
      await expect(checkEndpointUrl(url, strict), url).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { issues: [{ path: 'body.url', message }] },
      });
    }
    expect(await checkEndpointUrl('https://example.com/hook', strict)).toBe('https://example.com/hook');
    for (const address of [
      '10.1.2.3',
      '169.254.169.254',
      '100.64.0.1',
      'fd00::1',
      'fe80::1',
      '::',
      '224.0.0.1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    // At delivery, the same refusal and nothing reaches the receiver.
    const before = receiver.received.length;
    const outcome = await sendWebhook(
      receiver.url,
      '{}',
      {},
      { ...strict, allowHttp: true, lookup: async () => [] },
    );
    expect(outcome).toMatchObject({ statusCode: null, error: expect.stringContaining('refused') });
    expect(receiver.received.length).toBe(before);
  });

  it('refuses a redirect from an allowed host to a private one, before connecting to it', async () => {
    const inner = await startReceiver('127.0.0.2');
    try {
      // 127.0.0.1 plays a public host here; 127.0.0.2 stays private.
      receiver.state.redirectTo = inner.url;
      const outcome = await sendWebhook(
        receiver.url,
        '{}',
        {},
        {
          lookup: async () => [],
          isAllowed: (ip) => ip === '127.0.0.1' || isPublicAddress(ip),
          allowHttp: true,
        },
      );
      expect(outcome.error).toContain('refused');
      expect(inner.received).toHaveLength(0);
    } finally {
      receiver.state.redirectTo = null;
      await inner.close();
    }
  });
});
