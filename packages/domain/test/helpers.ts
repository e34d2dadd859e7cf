import type { z } from 'zod';

/** Every message zod reports, in order, as "path: message" (path omitted at the root). */
export function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
}

export function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected valid input, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}
