import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveAllowed, WebhookRefusal, type AddressPolicy, type HostLookup } from './address-policy';

/** How a delivery reaches its endpoint; tests inject the look-up and the address policy. */
export interface SenderOptions {
  lookup: HostLookup;
  isAllowed: AddressPolicy;
  /** http:// is accepted only where private addresses are (tests and local tools). */
  allowHttp: boolean;
  /** The certificate authorities an https:// endpoint is checked against; Node's own roots when not given. */
  ca?: string[];
  timeoutMs?: number;
}

export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
}

const MAX_REDIRECTS = 3;
const DEFAULT_TIMEOUT_MS = 10_000;
/** What is read of an answer before the connection is dropped: only its status matters. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Whether the URL's scheme is one a webhook may use. */
export function schemeAllowed(url: URL, allowHttp: boolean): boolean {
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
}

interface Hop {
  statusCode: number;
  location: string | undefined;
}

/**
 * One POST to one URL, connected to the address already checked: the socket's look-up answers that address and no
 * other (decision 0774). The answer is read up to a cap and dropped.
 */
function postOnce(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  ca: string[] | undefined,
): Promise<Hop> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: 'POST',
      agent: false,
      lookup,
      ...(ca ? { ca } : {}),
      timeout: timeoutMs,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      let read = 0;
      const done = () => {
        clearTimeout(timer);
        resolve({ statusCode: response.statusCode ?? 0, location: response.headers.location });
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) {
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}

/**
 * Sends a signed body to an endpoint: the host is resolved and every address checked before connecting, and each
 * redirect (at most three) is checked the same way before it is followed. Never throws: the outcome names the
 * answer's status or what went wrong, for the delivery log.
 */
export async function sendWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: SenderOptions,
): Promise<SendOutcome> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { statusCode: null, error: 'the address is not a valid URL' };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    for (let hop = 0; ; hop++) {
      if (!schemeAllowed(url, options.allowHttp))
        throw new WebhookRefusal(`the scheme ${url.protocol} is not allowed`);
      if (url.username || url.password) throw new WebhookRefusal('the address carries credentials');
      const pinned = await resolveAllowed(url.hostname, options);
      const answer = await postOnce(url, pinned, body, headers, timeoutMs, options.ca);
      if (!REDIRECTS.has(answer.statusCode) || !answer.location)
        return { statusCode: answer.statusCode, error: null };
      if (hop >= MAX_REDIRECTS) return { statusCode: answer.statusCode, error: 'too many redirects' };
      url = new URL(answer.location, url);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      statusCode: null,
      error: error instanceof WebhookRefusal ? `refused: ${message}` : message.slice(0, 300),
    };
  }
}
