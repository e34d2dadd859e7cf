import { apiErrorSchema } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { parseApiError } from './http-error';

// parseApiError checks by hand what the domain's apiErrorSchema says (zod stays out of the first
// download): both must judge every body alike.
const bodies: unknown[] = [
  { code: 'NOT_FOUND', message: 'No such project' },
  { code: 'VALIDATION_FAILED', message: 'Invalid input', details: { issues: [] } },
  { code: 'CONFLICT', message: 'Taken', details: null },
  { code: 'CONFLICT', message: 'Taken', extra: 'dropped' },
  { code: 'CONFLICT' },
  { message: 'No code' },
  { code: 404, message: 'Numeric code' },
  'Bad Gateway',
  null,
  undefined,
  [],
];

describe('parseApiError', () => {
  it.each(bodies.map((body) => [JSON.stringify(body) ?? 'undefined', body]))(
    'reads %s as the domain schema does',
    (_, body) => {
      const parsed = apiErrorSchema.safeParse(body);
      expect(parseApiError(body)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});
