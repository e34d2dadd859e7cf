import { z } from 'zod';

/** The states a background job goes through (pg-boss's states); `failed` is the dead-letter state of a queue. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

const count = z.number().int().nonnegative();
const stateCounts = z.object({
  created: count,
  retry: count,
  active: count,
  completed: count,
  cancelled: count,
  failed: count,
});

/** One queue's job counts per state, as the super admin's queue health shows them. */
export const queueHealthSchema = z.object({
  name: z.string(),
  counts: stateCounts,
});

/** A job that failed for good (its retries spent, or cut off by a stop with none left), newest first. */
export const jobFailureSchema = z.object({
  queue: z.string(),
  id: z.string(),
  error: z.string(),
  failedAt: z.iso.datetime({ offset: true }),
});

export const jobsHealthSchema = z.object({
  queues: z.array(queueHealthSchema),
  lastFailures: z.array(jobFailureSchema),
});
export type QueueHealth = z.infer<typeof queueHealthSchema>;
export type JobFailure = z.infer<typeof jobFailureSchema>;
export type JobsHealth = z.infer<typeof jobsHealthSchema>;
