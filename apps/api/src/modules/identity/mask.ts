/** '+15551231234' becomes '+*******1234': enough to recognise one's own number, not to learn someone else's. */
export function maskPhone(phone: string): string {
  const visible = phone.slice(-4);
  const hidden = Math.max(phone.length - 1 - visible.length, 0);
  return `${phone.startsWith('+') ? '+' : ''}${'*'.repeat(hidden)}${visible}`;
}

/** 'dana@example.com' becomes 'd***@example.com'. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
