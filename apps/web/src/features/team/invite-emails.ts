import { inviteEmailSchema } from '@casting/domain';

/** The addresses typed into the invite field: one or more, separated by commas, semicolons or spaces. */
export function splitEmails(text: string): string[] {
  return text.split(/[\s,;]+/).filter((part) => part !== '');
}

/** The message to show under the field, or null when every address is valid. */
export function inviteEmailError(text: string): string | null {
  const emails = splitEmails(text);
  if (emails.length === 0) return inviteEmailSchema.safeParse('').error?.issues[0]?.message ?? null;
  for (const email of emails) {
    const parsed = inviteEmailSchema.safeParse(email);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? null;
  }
  return null;
}

/** Normalised addresses ready to send, or null when any of them is invalid or there are none. */
export function validEmails(text: string): string[] | null {
  const emails = splitEmails(text);
  if (emails.length === 0) return null;
  const parsed = emails.map((email) => inviteEmailSchema.safeParse(email));
  if (parsed.some((result) => !result.success)) return null;
  return [...new Set(parsed.flatMap((result) => (result.success ? [result.data] : [])))];
}
