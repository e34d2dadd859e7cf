import { z } from 'zod';

/** The body of every error answer of the API: a catalogue code, its message, and optional details. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
