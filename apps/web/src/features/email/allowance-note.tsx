import { EMAIL_MESSAGES, type EmailAllowance } from '@casting/domain';

/**
 * What is left of today's allowance of e-mails to candidates, under the send button of the send and invite pages; a
 * send larger than what is left is named as such, so the person sends to fewer people instead of meeting a refusal.
 */
export function AllowanceNote({
  allowance,
  needed,
}: {
  allowance: EmailAllowance | undefined;
  needed: number;
}) {
  if (!allowance) return null;
  const over = needed > allowance.remaining;
  return (
    <p role={over ? 'alert' : 'status'} className={over ? 'text-sm text-danger' : 'text-sm text-ink-muted'}>
      {over
        ? EMAIL_MESSAGES.allowanceExceeded(allowance.remaining, needed)
        : EMAIL_MESSAGES.allowanceLeft(allowance.remaining)}
    </p>
  );
}
