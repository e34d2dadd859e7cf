/** PostgreSQL's unique_violation, as raised by either driver (drizzle may wrap it as the cause). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
  const cause = typeof err === 'object' && err !== null ? (err as { cause?: unknown }).cause : undefined;
  return code(err) === '23505' || code(cause) === '23505';
}
