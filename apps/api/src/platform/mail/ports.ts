export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (the project team's sender for candidate mail). */
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Small text files sent with the message, such as a calendar event (they travel in the mail job's data). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** The MIME type with its parameters, such as `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  content: string;
}

export interface TextMessage {
  to: string;
  text: string;
}

/** Sends e-mail. Embedded default: the outbox; production: SMTP. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** Sends text messages. Embedded default: the outbox; with a provider configured, a queue to its HTTP API. */
export interface TextMessenger {
  readonly kind: 'outbox' | 'provider';
  send(message: TextMessage): Promise<void>;
}

/** A delivery the receiving server refused for good (a 5xx answer): the address is marked and not retried. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
