import fs from 'node:fs';
import tls from 'node:tls';
import { sql } from 'drizzle-orm';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { open } from '../../platform/crypto/secret-box';
import { resolveAuthSecret } from '../../platform/crypto/secrets';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { rowsOf } from '../../platform/db/rows';
import { runInOffice } from '../../platform/db/scope';
import { enqueueMail } from '../../platform/mail/queue';
import { isPublicAddress, systemLookup, type AddressPolicy, type HostLookup } from './address-policy';
import { WEBHOOKS_QUEUE, type WebhookJob } from './emit';
import { pausedNoticeMessage } from './mail';
import { sendWebhook, type SendOutcome } from './sender';
import { signedHeaders, webhookSecretKey } from './signing';

/** What a delivery attempt reaches the network through; tests replace the look-up and the address policy. */
export interface DeliveryNetwork {
  lookup: HostLookup;
  isAllowed: AddressPolicy;
  allowHttp: boolean;
  /** Certificate authorities https:// endpoints are checked against; Node's own roots when not given. */
  ca?: string[];
}

/**
 * The network of the configuration: the system's DNS, and only public addresses unless the operator allows more.
 * Certificates are always verified; outside production a test or local receiver's own authority can be trusted
 * beside Node's roots (WEBHOOKS_TEST_CA_FILE, read at each attempt: a few kilobytes).
 */
export function configuredNetwork(config: AppContext['config']): DeliveryNetwork {
  const allowPrivate = config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES;
  const testCa = config.WEBHOOKS_TEST_CA_FILE;
  return {
    lookup: systemLookup,
    isAllowed: allowPrivate ? () => true : isPublicAddress,
    allowHttp: allowPrivate,
    ...(testCa ? { ca: [...tls.rootCertificates, fs.readFileSync(testCa, 'utf8')] } : {}),
  };
}

export function sealingKey(config: AppContext['config']): Buffer {
  return webhookSecretKey(resolveAuthSecret(config.AUTH_SECRET, config.dataDir));
}

interface DeliveryRow {
  id: string;
  status: string;
  attempts: number;
  message_id: string;
  payload: unknown;
  endpoint_id: string;
  url: string;
  secret_sealed: string;
  paused_at: Date | string | null;
}

/**
 * Runs one attempt of a delivery (the `webhooks` queue's handler). A job that no longer matches its delivery (already
 * delivered, or an attempt another job made) does nothing. The attempt is logged; a failure schedules the next
 * attempt by the retry schedule, or ends the delivery as failed after the last one (or after a send by hand), and
 * counts towards pausing the endpoint (decisions 0773, 0775).
 */
export async function runDeliveryAttempt(
  context: AppContext,
  job: WebhookJob,
  network: DeliveryNetwork = configuredNetwork(context.config),
): Promise<void> {
  const { db } = context.database;
  await runInOffice(job.officeId, async () => {
    const [row] = rowsOf<DeliveryRow>(
      await db.execute(sql`select d.id, d.status, d.attempts, d.message_id, d.payload, d.endpoint_id,
          e.url, e.secret_sealed, e.paused_at
        from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where d.id = ${job.deliveryId}::uuid`),
    );
    if (!row || row.status !== 'PENDING' || row.attempts !== job.attempt - 1) return;
    if (row.paused_at && !job.manual) {
      await db.execute(sql`update webhook_deliveries set status = 'FAILED', next_attempt_at = null,
        updated_at = now() where id = ${row.id}::uuid`);
      return;
    }
    const body = JSON.stringify(row.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const secret = open(row.secret_sealed, sealingKey(context.config));
    const started = performance.now();
    const outcome = await sendWebhook(
      row.url,
      body,
      signedHeaders(secret, row.message_id, timestamp, body),
      network,
    );
    const durationMs = Math.round(performance.now() - started);
    await db.transaction(async (tx) => recordAttempt(context, tx, job, row, outcome, durationMs));
  });
}

async function recordAttempt(
  context: AppContext,
  tx: Queryable,
  job: WebhookJob,
  row: DeliveryRow,
  outcome: SendOutcome,
  durationMs: number,
) {
  const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const error = succeeded ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`);
  await tx.execute(sql`insert into webhook_attempts (id, delivery_id, attempt, status_code, duration_ms, error, manual)
    values (gen_random_uuid(), ${row.id}::uuid, ${job.attempt}, ${outcome.statusCode}, ${durationMs}, ${error},
      ${job.manual ?? false})`);
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[job.attempt - 1];
  const retry = !succeeded && !job.manual && job.attempt < WEBHOOK_MAX_ATTEMPTS && delay !== undefined;
  const next = retry ? new Date(Date.now() + delay * 1000) : null;
  await tx.execute(sql`update webhook_deliveries set attempts = ${job.attempt},
      status = ${succeeded ? 'SUCCEEDED' : retry ? 'PENDING' : 'FAILED'},
      next_attempt_at = ${next?.toISOString() ?? null}::timestamptz, updated_at = now()
    where id = ${row.id}::uuid`);
  if (next) {
    await context.jobs.send<WebhookJob>(
      WEBHOOKS_QUEUE,
      { officeId: job.officeId, deliveryId: row.id, attempt: job.attempt + 1 },
      { tx: tx as unknown as Db, startAfter: next },
    );
  }
  if (succeeded) {
    await tx.execute(sql`update webhook_endpoints set failure_streak = 0, failing_since = null
      where id = ${row.endpoint_id}::uuid`);
    return;
  }
  await countFailure(context, tx, job.officeId, row.endpoint_id);
}

/**
 * Counts a failed attempt against the endpoint and pauses it once it has failed `WEBHOOKS_PAUSE_AFTER_FAILURES` times
 * in a row over at least `WEBHOOKS_PAUSE_AFTER_HOURS`; the office's owners are mailed once, when it pauses.
 */
async function countFailure(context: AppContext, tx: Queryable, officeId: string, endpointId: string) {
  const { WEBHOOKS_PAUSE_AFTER_FAILURES: failures, WEBHOOKS_PAUSE_AFTER_HOURS: hours } = context.config;
  await tx.execute(sql`update webhook_endpoints
    set failure_streak = failure_streak + 1, failing_since = coalesce(failing_since, now())
    where id = ${endpointId}::uuid`);
  const [paused] = rowsOf<{ url: string }>(
    await tx.execute(sql`update webhook_endpoints set paused_at = now(), paused_reason = 'FAILING'
      where id = ${endpointId}::uuid and paused_at is null and failure_streak >= ${failures}
        and failing_since <= now() - make_interval(secs => ${hours * 3600})
      returning url`),
  );
  if (!paused) return;
  context.log.warn({ endpointId }, 'webhook endpoint paused after repeated failures');
  const owners = rowsOf<{ email: string }>(
    await tx.execute(sql`select u.email from office_members m join users u on u.id = m.user_id
      where m.office_id = ${officeId}::uuid and m.role = 'OWNER' and u.deactivated_at is null order by u.email`),
  );
  for (const owner of owners) {
    const message = pausedNoticeMessage({
      to: owner.email,
      url: paused.url,
      publicUrl: context.config.publicUrl,
    });
    await enqueueMail(context.jobs, { kind: 'notice', message }, tx as unknown as Db);
  }
}

/** Declares the `webhooks` queue: each job is one attempt; retries are scheduled by the handler, not by pg-boss. */
export function defineWebhookJobs(context: AppContext) {
  context.jobs.define<WebhookJob>(WEBHOOKS_QUEUE, (job) => runDeliveryAttempt(context, job), {
    retryLimit: 0,
    expireInSeconds: 60,
    concurrency: 4,
  });
}
