import { z } from 'zod';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(DATABASE_KINDS),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
