import { extractErrorMessage } from '@casting/domain';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { HttpError } from '../http/http-error';

/** The form field an issue belongs to: list items report on their list (regionIds.2 -> regionIds). */
function fieldOf(path: readonly PropertyKey[]): string {
  const cut = path.findIndex((segment) => typeof segment === 'number');
  return (cut === -1 ? path : path.slice(0, cut)).map(String).join('.');
}

/**
 * A react-hook-form resolver that validates what will be sent rather than the raw inputs: the form
 * keeps text (empty dates, typed ages) and `toPayload` turns it into the request the domain schema
 * judges, so the messages under the fields are the API's own.
 */
export function payloadResolver<V extends FieldValues, P>(
  schema: z.ZodType<P>,
  toPayload: (values: V) => unknown,
): Resolver<V, unknown, P> {
  return (values) => {
    const parsed = schema.safeParse(toPayload(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path) || 'root';
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

const issueSchemaShape = (value: unknown): value is { path: string; message: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { path?: unknown }).path === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';

/** Field messages of a 400 VALIDATION_FAILED answer, keyed by body field ('body.name' -> 'name'). */
export function serverFieldErrors(error: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (!(error instanceof HttpError) || error.code !== 'VALIDATION_FAILED') return fields;
  const details = error.details;
  const issues =
    typeof details === 'object' && details !== null ? (details as { issues?: unknown }).issues : null;
  if (!Array.isArray(issues)) return fields;
  for (const issue of issues) {
    if (!issueSchemaShape(issue) || !issue.path.startsWith('body.')) continue;
    const field = issue.path.slice('body.'.length).split('.')[0] ?? '';
    if (field && !fields.has(field)) fields.set(field, issue.message);
  }
  return fields;
}

/**
 * Puts a refused request's field messages under the fields the form has, and returns the text for the
 * form's alert: null when every problem found its field, else the API's message.
 */
export function applyServerErrors(
  error: unknown,
  knownFields: readonly string[],
  setFieldError: (field: string, message: string) => void,
): string | null {
  const fields = serverFieldErrors(error);
  let unplaced = fields.size === 0;
  for (const [field, message] of fields) {
    if (knownFields.includes(field)) setFieldError(field, message);
    else unplaced = true;
  }
  return unplaced ? extractErrorMessage(error) : null;
}
