import { extractErrorMessage } from '@casting/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from '../../lib/http/http-error';

/**
 * The API's own explanation of a refusal, or the screen's fallback text when there is none to show
 * (network failure, empty or foreign error body): each screen names its own fallback, such as
 * 'An unknown error occurred.'.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.data) return extractErrorMessage(error);
  return fallback;
}

interface FieldIssue {
  path: string;
  message: string;
}

function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof HttpError) || error.code !== 'VALIDATION_FAILED') return [];
  const details: unknown = error.details;
  const issues =
    typeof details === 'object' && details !== null ? (details as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as FieldIssue).path === 'string' &&
      typeof (issue as FieldIssue).message === 'string',
  );
}

/**
 * Puts the API's field refusals (a too-common password, for instance) under the form's own fields.
 * `fields` maps a request body field to the form field that holds it.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Record<string, Path<T>>,
): void {
  for (const issue of fieldIssues(error)) {
    const field = fields[issue.path.replace(/^body\./, '')];
    if (field) setError(field, { type: 'server', message: issue.message });
  }
}
