import type { TextMessage } from './ports';

/** Where and as whom texts are sent: a Twilio-compatible REST API (Twilio itself, or a service speaking its API). */
export interface TextProviderSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** A phone number in E.164 form, or a messaging service id (`MG…`), which then picks the sending number. */
  from: string;
}

/** A refusal or failure of the provider, with its own error code and words; never the message's text. */
export class TextProviderError extends Error {
  constructor(
    readonly status: number,
    readonly providerCode: number | null,
    detail: string,
  ) {
    super(
      `The text-message provider answered ${status}${providerCode ? ` (error ${providerCode})` : ''}: ${detail}`,
    );
    this.name = 'TextProviderError';
  }

  /** A refusal the same request would meet again (bad number, bad credentials), unlike a 429 or a 5xx. */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

const TIMEOUT_MS = 15_000;

/** A destination as logs may show it: its last four characters. */
export function maskedNumber(to: string): string {
  return `…${to.slice(-4)}`;
}

/**
 * Sends one text through the Messages resource: `POST {api}/2010-04-01/Accounts/{sid}/Messages.json`, HTTP Basic
 * authentication with the account id and token, a form body of `To`, `From` (or `MessagingServiceSid`) and `Body`.
 * Answers the provider's message id; any other answer than 2xx is a TextProviderError with the provider's code.
 */
export async function sendThroughProvider(
  settings: TextProviderSettings,
  message: TextMessage,
): Promise<string> {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(
    settings.accountSid,
  )}/Messages.json`;
  const body = new URLSearchParams({ To: message.to, Body: message.text });
  body.set(settings.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', settings.from);
  const credentials = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new TextProviderError(0, null, `no answer (${(error as Error).message})`);
  }
  const answer = (await response.json().catch(() => null)) as {
    sid?: unknown;
    code?: unknown;
    message?: unknown;
  } | null;
  if (!response.ok) {
    // The provider's words may quote the number; logs and the job's error keep its last four digits only.
    const words = typeof answer?.message === 'string' ? answer.message.slice(0, 300) : response.statusText;
    throw new TextProviderError(
      response.status,
      typeof answer?.code === 'number' ? answer.code : null,
      words.replaceAll(message.to, maskedNumber(message.to)),
    );
  }
  if (typeof answer?.sid !== 'string') {
    throw new TextProviderError(response.status, null, 'the answer names no message id');
  }
  return answer.sid;
}
