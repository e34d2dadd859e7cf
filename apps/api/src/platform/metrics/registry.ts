import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, in a registry of its own (not prom-client's global one). One process is one
 * instance for Prometheus: each API instance is scraped on its own `/api/metrics`, and what is the same for every
 * instance (the job queues' backlog) is read from the database at scrape time. Labels are low-cardinality by rule:
 * route patterns, never paths; queue names; media kinds.
 */
export const metricsRegistry = new Registry();

let defaultsCollected = false;
/** Node's own figures (CPU, memory, event-loop delay, handles), started on the first scrape only. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'casting_' });
}

const registers = [metricsRegistry];

export const httpRequestDuration = new Histogram({
  name: 'casting_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer sent, by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const jobDuration = new Histogram({
  name: 'casting_job_duration_seconds',
  help: 'Time a background job ran in this process, by queue and outcome (completed or failed)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
  registers,
});

export const jobFailures = new Counter({
  name: 'casting_job_failures_total',
  help: 'Background job attempts that failed in this process (each retry counts), by queue',
  labelNames: ['queue'] as const,
  registers,
});

export const jobQueueJobs = new Gauge({
  name: 'casting_job_queue_jobs',
  help: 'Jobs in each queue by state, read from the database when scraped (the same for every instance)',
  labelNames: ['queue', 'state'] as const,
  registers,
});

export const jobQueueOldestWaiting = new Gauge({
  name: 'casting_job_queue_oldest_waiting_seconds',
  help: 'Age of the oldest job waiting to run (created or waiting for a retry) in each queue; 0 when none waits',
  labelNames: ['queue'] as const,
  registers,
});

export const uploadBytes = new Counter({
  name: 'casting_upload_bytes_total',
  help: 'Bytes of uploads accepted (checked and attached), by media kind',
  labelNames: ['kind'] as const,
  registers,
});

export const mediaProcessingDuration = new Histogram({
  name: 'casting_media_processing_duration_seconds',
  help: 'Time to convert one media item (photos, videos, PDFs), by kind and outcome (processed or failed)',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 15, 60, 300, 1800],
  registers,
});

export const databasePoolConnections = new Gauge({
  name: 'casting_database_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting requests), read when scraped',
  labelNames: ['pool', 'state'] as const,
  registers,
});

export const liveConnections = new Gauge({
  name: 'casting_live_connections',
  help: 'Open live-update websockets on this instance',
  registers,
});
