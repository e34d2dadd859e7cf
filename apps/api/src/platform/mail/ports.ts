export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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

/** Sends text messages. Embedded default: the outbox. */
export interface TextMessenger {
  readonly kind: 'outbox';
  send(message: TextMessage): Promise<void>;
}
