import { HttpError } from '../../lib/http/http-error';

/** The API's field messages by body field (`body.subject` -> `subject`); empty for other errors. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  const issues = (error.details as { issues?: { path?: string; message?: string }[] } | undefined)?.issues;
  const result: Record<string, string> = {};
  for (const issue of issues ?? []) {
    if (!issue.path || !issue.message) continue;
    const field = issue.path.replace(/^body\./, '').split('.')[0]!;
    result[field] ??= issue.message;
  }
  return result;
}

/**
 * The API's field messages that still describe the form: once a field differs from what was sent, its message goes
 * (the next send checks it again), as a form's own messages clear when their field is fixed.
 */
export function errorsStillTrue(
  errors: Record<string, string>,
  sent: object | undefined,
  current: object,
): Record<string, string> {
  if (!sent) return errors;
  const valueIn = (values: object, field: string) =>
    JSON.stringify((values as Record<string, unknown>)[field]);
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([field]) => !(field in current) || valueIn(sent, field) === valueIn(current, field),
    ),
  );
}
