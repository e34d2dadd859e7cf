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
