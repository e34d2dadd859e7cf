import { WEBHOOK_MESSAGES } from '@casting/domain';
import type { MailMessage } from '../../platform/mail/ports';

/** Tells an owner that an endpoint was paused because its deliveries kept failing, and where to resume it. */
export function pausedNoticeMessage(input: { to: string; url: string; publicUrl: string }): MailMessage {
  return {
    to: input.to,
    subject: WEBHOOK_MESSAGES.noticeSubject,
    text: `${WEBHOOK_MESSAGES.pausedFailingNotice(input.url)}\n\n${input.publicUrl}/office/settings#webhooks\n`,
  };
}
