import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SESSION, SIGN_UP_MODES } from '@casting/domain';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** Every environment variable the API reads, with its default. README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  /**
   * PostgreSQL only: the application's own login (a member of casting_app, nothing more), for every query made for a
   * request or a job; DATABASE_URL's owner login then serves only migrations, the job queue and the operator's tools.
   */
  DATABASE_APP_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  PGLITE_MEMORY_MB: positiveInt.min(128).default(128),
  /** Where the embedded database runs: a process of its own (see platform/db/pglite-process.ts) or the API's. */
  PGLITE_PROCESS: z.enum(['separate', 'inline']).default('separate'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  ADMIN_EMAIL: z.email().default('admin@casting.local'),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  /** Defaults to true, except in production. */
  DEMO_DATA: booleanFromEnv.optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Casting <no-reply@casting.local>'),
  /**
   * Production only: e-mail without SMTP_URL goes to the database outbox, which nobody reads; start-up refuses that
   * unless this says the outbox is intended (a demonstration, a closed test installation).
   */
  MAIL_OUTBOX: booleanFromEnv.default(false),
  /**
   * Text messages (sign-in codes) go through a Twilio-compatible REST API when these three are set, else to the
   * outbox. SMS_FROM is the sending number (E.164) or a messaging service id (MG…).
   */
  SMS_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'must be a phone number in E.164 form (+15551234567) or a messaging service id (MG…)',
    )
    .optional(),
  /**
   * Codes by text message as a second sign-in factor. On by default; in production it needs the text-message
   * provider above. Off: nobody can choose text messages as a new second factor.
   */
  SMS_SIGN_IN: booleanFromEnv.default(true),
  /**
   * The shared secret the mail provider sends (header `X-Webhook-Secret`) with delivery-failure reports to
   * `POST /api/email/bounces`. Unset: the webhook answers 404, so nothing is exposed.
   */
  MAIL_BOUNCE_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  /** Minutes a session lasts without activity; the web app falls back to the same default when a session names none. */
  SESSION_DURATION_MINUTES: positiveInt.default(SESSION.defaultDurationMinutes),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  CODE_TTL_MINUTES: positiveInt.default(15),
  CODE_MAX_ATTEMPTS: positiveInt.default(5),
  AUTH_RATE_LIMIT_MAX: positiveInt.default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  /** Requests per minute one API token may make (decision 0768); a refused request counts too. */
  API_TOKEN_RATE_LIMIT_MAX: positiveInt.default(600),
  /**
   * Attempts per window on one account from all addresses together. Above AUTH_RATE_LIMIT_MAX (which counts one
   * account from one address), so a stranger's guesses from elsewhere do not lock the owner out.
   */
  AUTH_ACCOUNT_RATE_LIMIT_MAX: positiveInt.default(100),
  /** Six-digit code guesses per day on one account from one address, then from all addresses together. */
  CODE_GUESSES_PER_DAY: positiveInt.default(50),
  CODE_GUESSES_PER_DAY_ACCOUNT: positiveInt.default(500),
  /** Team invitations one account may send in 24 hours (each one is an e-mail in its name). */
  INVITATIONS_PER_DAY: positiveInt.default(200),
  /** Office invitations one office may send in 24 hours (each one is an e-mail in the office's name). */
  OFFICE_INVITATIONS_PER_DAY: positiveInt.default(100),
  /**
   * E-mails to candidates (sends from the workspace and invitations to apply together) one account, and one office
   * with all its members, may queue in 24 hours (decision 0160).
   */
  CANDIDATE_EMAILS_PER_DAY: positiveInt.default(1000),
  CANDIDATE_EMAILS_PER_DAY_OFFICE: positiveInt.default(3000),
  /**
   * Who may sign up: `open` (anyone, each sign-up gets an office of its own), `approval` (the new office waits for the
   * operator's approval) or `invitation` (only with an office invitation, joining the inviting office).
   */
  SIGN_UP: z.enum(SIGN_UP_MODES).default('open'),
  /** File storage is S3 when S3_BUCKET is set, otherwise local files under DATA_DIR/files. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** `embedded`: the API takes background jobs itself; `off`: it only sends them and `npm run worker` takes them. */
  JOBS_WORKERS: z.enum(['embedded', 'off']).default('embedded'),
  JOBS_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  JOBS_STOP_TIMEOUT_SECONDS: positiveInt.default(30),
  /** Live websocket: ping period (a client that misses a pong until the next one is dropped). */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().positive().default(30),
  /** Live websocket: how often each connection's session and project access are checked again. */
  LIVE_ACCESS_CHECK_SECONDS: z.coerce.number().positive().default(60),
  /**
   * Audit events older than this are deleted by the hourly housekeeping purge, in every office's log and the
   * installation's. Six years by default, the usual limitation period for claims an office may have to answer with
   * its log; at least 30 days, so a mistyped value cannot wipe the trail of a recent incident.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).default(2190),
  /** Media: the ffmpeg binary for video conversion; default the one the @ffmpeg-installer package ships. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Chat notifications (media issue reports, channel SLACK) go to this Slack-compatible incoming webhook when set, else to the outbox. */
  SLACK_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The office's own wording for the public /terms and /privacy pages: UTF-8 text files, paragraphs separated by a
   * blank line. Unset, the pages show the product's default text (PUBLIC_PAGE_TEXT in the domain package).
   */
  TERMS_FILE: z.string().min(1).optional(),
  PRIVACY_FILE: z.string().min(1).optional(),
  /**
   * The bearer token Prometheus sends to `GET /api/metrics` (at least 32 characters). Unset: that route answers 404,
   * so nothing is exposed.
   */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * `npm run worker` only: the port (on HOST) of a listener that serves the worker's own metrics (its job durations
   * and failures, Node's figures) at `GET /metrics` with the same METRICS_TOKEN. Unset: the worker listens nowhere.
   */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** An address the public pages offer for questions about a submission; unset, they offer none. */
  SUPPORT_EMAIL: z.email().optional(),
  /**
   * The maps provider behind the address suggestions (`google`: Places Autocomplete and Geocoding), with its key.
   * Unset: the built-in US ZIP and city data set answers, with no network.
   */
  MAPS_PROVIDER: z.enum(['google']).optional(),
  MAPS_API_KEY: z.string().min(1).optional(),
  /** One base URL for the provider's services (a proxy); unset, Google's own hosts. */
  MAPS_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** The region (CLDR code) suggestions are kept to; the product's address forms suggest for the United States. */
  MAPS_REGION: z
    .string()
    .regex(/^[a-zA-Z]{2}$/, 'must be a two-letter region code')
    .transform((code) => code.toLowerCase())
    .default('us'),
  /** Provider requests the installation makes in a day at most; past it the built-in data answers until the day ends. */
  MAPS_DAILY_REQUESTS: positiveInt.default(10_000),
  /**
   * Webhooks may reach private, loopback and link-local addresses (and plain http://): for tests and local tools
   * only, refused when NODE_ENV=production (decision 0774).
   */
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv.default(false),
  /**
   * A PEM file of certificate authorities webhook deliveries trust besides Node's own, so a test's receiver with a
   * certificate of its own is reached over verified HTTPS; refused when NODE_ENV=production.
   */
  WEBHOOKS_TEST_CA_FILE: z.string().min(1).optional(),
  /** An endpoint is paused after this many failed attempts in a row (decision 0775)... */
  WEBHOOKS_PAUSE_AFTER_FAILURES: positiveInt.default(20),
  /** ...once its first failure of that streak is at least this many hours old. */
  WEBHOOKS_PAUSE_AFTER_HOURS: z.coerce.number().min(0).default(24),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DEMO_DATA'> {
  isProduction: boolean;
  DEMO_DATA: boolean;
  dataDir: string;
  webDist: string;
  publicUrl: string;
  /** The paragraphs of TERMS_FILE and PRIVACY_FILE, read once at start; null where the default text applies. */
  legalText: { terms: string[] | null; privacy: string[] | null };
}

/** A legal text file larger than this is refused: a page of terms is a few kilobytes, not a document archive. */
const LEGAL_TEXT_MAX_BYTES = 64 * 1024;

/**
 * Reads a legal text file into paragraphs (separated by blank lines; the lines of one paragraph joined with spaces).
 * An unreadable, oversized or empty file stops start-up with a message naming its variable.
 */
function readLegalText(variable: string, file: string | undefined, cwd: string): string[] | null {
  if (!file) return null;
  const where = path.resolve(cwd, file);
  let text: string;
  try {
    if (fs.statSync(where).size > LEGAL_TEXT_MAX_BYTES) {
      throw new ConfigError(
        `Invalid configuration:\n  ${variable}: ${where} is larger than ${LEGAL_TEXT_MAX_BYTES / 1024} KB`,
      );
    }
    text = fs.readFileSync(where, 'utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(`Invalid configuration:\n  ${variable}: cannot read ${where} (${reason})`);
  }
  const paragraphs = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (paragraphs.length === 0) {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: ${where} holds no text`);
  }
  return paragraphs;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value names the variable and stops start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production' && !values.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: is required when NODE_ENV=production');
  }
  const smsSettings = [values.SMS_ACCOUNT_SID, values.SMS_AUTH_TOKEN, values.SMS_FROM].filter(Boolean).length;
  if (smsSettings !== 0 && smsSettings !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM: set all three for a text-message provider, or none',
    );
  }
  if (values.NODE_ENV === 'production' && !values.SMTP_URL && !values.MAIL_OUTBOX) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: is required when NODE_ENV=production, or every e-mail stays in an outbox nobody ' +
        'reads; set MAIL_OUTBOX=true if that is intended',
    );
  }
  if (values.NODE_ENV === 'production' && values.SMS_SIGN_IN && smsSettings === 0) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM: text-message sign-in (SMS_SIGN_IN, on by ' +
        'default) needs a text-message provider when NODE_ENV=production; set them, or SMS_SIGN_IN=false',
    );
  }
  if (values.WORKER_METRICS_PORT && !values.METRICS_TOKEN) {
    // A worker's metrics are as private as the API's: the listener exists only behind the operator's token.
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_TOKEN: is required when WORKER_METRICS_PORT is set (scrapes send it as a bearer token)',
    );
  }
  if (values.MAPS_PROVIDER && !values.MAPS_API_KEY) {
    throw new ConfigError(
      `Invalid configuration:\n  MAPS_API_KEY: is required when MAPS_PROVIDER=${values.MAPS_PROVIDER}`,
    );
  }
  if (!values.MAPS_PROVIDER && (values.MAPS_API_KEY || values.MAPS_API_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  MAPS_PROVIDER: name the maps provider (google) that MAPS_API_KEY or MAPS_API_URL is for',
    );
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS default credentials',
    );
  }
  if (values.DATABASE_APP_URL && !values.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_APP_URL: needs DATABASE_URL (the embedded database has one user only)',
    );
  }
  if (values.JOBS_WORKERS === 'off' && !values.DATABASE_URL) {
    // The embedded database admits one process, so no worker process could ever take the jobs.
    throw new ConfigError(
      'Invalid configuration:\n  JOBS_WORKERS: off needs DATABASE_URL (on the embedded database the API must run the jobs)',
    );
  }
  if (values.NODE_ENV === 'production' && values.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES) {
    throw new ConfigError(
      'Invalid configuration:\n  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: is for tests; webhooks may not reach private networks ' +
        'when NODE_ENV=production',
    );
  }
  if (values.NODE_ENV === 'production' && values.WEBHOOKS_TEST_CA_FILE) {
    throw new ConfigError(
      "Invalid configuration:\n  WEBHOOKS_TEST_CA_FILE: is for tests; production deliveries trust only the system's " +
        'certificate authorities',
    );
  }
  const dataDir = path.resolve(cwd, values.DATA_DIR);
  return {
    ...values,
    isProduction: values.NODE_ENV === 'production',
    DEMO_DATA: values.DEMO_DATA ?? values.NODE_ENV !== 'production',
    dataDir,
    webDist: values.WEB_DIST
      ? path.resolve(cwd, values.WEB_DIST)
      : path.resolve(import.meta.dirname, '../../web/dist'),
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    legalText: {
      terms: readLegalText('TERMS_FILE', values.TERMS_FILE, cwd),
      privacy: readLegalText('PRIVACY_FILE', values.PRIVACY_FILE, cwd),
    },
  };
}
