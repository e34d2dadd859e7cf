import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A text the server accepted, as the provider would have sent it. */
export interface ProviderText {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/**
 * A loopback HTTP server that speaks the Twilio Messages API as a client meets it: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP Basic authentication (account id and auth token) and a
 * form body; 201 with the message resource; errors as `{ code, message, more_info, status }` (20003 bad credentials,
 * 20404 unknown resource, 21211 invalid To, 21602 missing Body, 21603 missing From, 20429 too many requests).
 * `failNext(n, status)` makes the next n sends fail with that status (a 429 or a 5xx outage).
 */
export async function startTextProviderServer(credentials: { accountSid: string; authToken: string }) {
  const accepted: ProviderText[] = [];
  let failures: { left: number; status: number } = { left: 0, status: 503 };
  const error = (res: http.ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
    );
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = `/2010-04-01/Accounts/${credentials.accountSid}/Messages.json`;
      const expected = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');
      if (req.method !== 'POST' || req.url !== path) {
        return error(res, 404, 20404, `The requested resource ${req.url} was not found`);
      }
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return error(res, 400, 21602, 'Message body is required.');
      }
      if (failures.left > 0) {
        failures.left -= 1;
        const code = failures.status === 429 ? 20429 : 20500;
        return error(
          res,
          failures.status,
          code,
          failures.status === 429 ? 'Too Many Requests' : 'Internal Server Error',
        );
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to)) {
        return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      }
      if (!body) return error(res, 400, 21602, 'Message body is required.');
      if (!form.get('From') && !form.get('MessagingServiceSid')) {
        return error(res, 400, 21603, "A 'From' phone number is required.");
      }
      const text: ProviderText = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body,
      };
      accepted.push(text);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          sid: text.sid,
          account_sid: credentials.accountSid,
          to,
          from: text.from,
          messaging_service_sid: text.messagingServiceSid,
          body,
          status: 'queued',
          num_segments: '1',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accepted,
    failNext(count: number, status = 503) {
      failures = { left: count, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
