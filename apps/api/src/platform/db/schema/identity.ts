import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    /** Stored lower-cased; uniqueness is on the stored value. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    imageUrl: text('image_url'),
    roleCode: text('role_code').notNull(),
    company: text('company'),
    passwordHash: text('password_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    otpRequired: boolean('otp_required').notNull().default(false),
    otpEnabled: boolean('otp_enabled').notNull().default(false),
    /** AES-256-GCM sealed TOTP secrets: the active one, and one being set up until its first code is verified. */
    otpSecret: text('otp_secret'),
    otpPendingSecret: text('otp_pending_secret'),
    /** Last accepted TOTP time step, so one code cannot be used twice. */
    otpLastStep: integer('otp_last_step'),
    phoneNumber: text('phone_number'),
    /** Text-message codes at sign-in; set once the phone number has been verified. */
    smsMfaEnabled: boolean('sms_mfa_enabled').notNull().default(false),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The office the person worked in last: a new session opens in it. */
    lastOfficeId: uuid('last_office_id'),
    /** Set for a password nobody chose (the generated first admin's): every call but the change is refused. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_name_trgm_idx').using(
      'gin',
      sql`(lower(${table.firstName} || ' ' || ${table.lastName} || ' ' || ${table.email})) gin_trgm_ops`,
    ),
    check(
      'users_role_code_check',
      sql`${table.roleCode} in ('SUPER_ADMIN', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT', 'CLIENT', 'TALENT')`,
    ),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A signed-in session: the family of its refresh tokens and the subject of inactivity tracking. Its id is the
 * access token's `sid` claim and the tracking id the web app reports activity against.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The office this session works in: every request of the session reads and writes that office's data. */
    officeId: uuid('office_id'),
    /** Idle minutes allowed, fixed when the session starts so a configuration change never cuts live sessions. */
    durationMinutes: integer('duration_minutes').notNull(),
    lastActivityAt: at('last_activity_at').notNull().defaultNow(),
    /** Absolute end of the refresh-token family, however active the session is. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
    /** Where the session was opened, for the owner's sessions list and new-device notices. */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    index('auth_sessions_live_user_idx')
      .on(table.userId)
      .where(sql`${table.revokedAt} is null`),
    check('auth_sessions_duration_check', sql`${table.durationMinutes} > 0`),
  ],
);

/** Opaque refresh tokens, stored as SHA-256 digests. A rotated token presented again revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    rotatedAt: at('rotated_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_session_idx').on(table.sessionId),
  ],
);

/** A password-verified sign-in waiting for its second factor; the client holds the random `session` string. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    method: text('method').notNull(),
    /** HMAC of the text-message code; authenticator challenges have none. */
    codeHash: text('code_hash'),
    destination: text('destination'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sign_in_challenges_token_key').on(table.tokenHash),
    index('sign_in_challenges_user_idx').on(table.userId),
    check('sign_in_challenges_method_check', sql`${table.method} in ('TOTP', 'SMS')`),
  ],
);

/** Six-digit codes mailed or texted to a user: HMAC-hashed, single use, expiring, attempt-limited. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** What the code proves control of when that is not the account's e-mail (a new phone number). */
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('one_time_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt.desc()),
    check(
      'one_time_codes_purpose_check',
      sql`${table.purpose} in ('CONFIRM_SIGN_UP', 'RESET_PASSWORD', 'VERIFY_PHONE')`,
    ),
  ],
);

/**
 * Single-use authenticator recovery codes: HMAC digests (like six-digit codes), shown in clear once when generated.
 * A new set replaces the old one.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('recovery_codes_user_hash_key').on(table.userId, table.codeHash)],
);

/**
 * The browsers and systems ("Firefox on Windows") an account has signed in from, kept beyond its sessions, so a
 * sign-in from a new one can be told to the owner.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.device] })],
);

/**
 * Per-account attempt counters (fixed windows), kept in the database so the limit holds across API instances.
 * The key is a digest of the action and the account's e-mail, never the address itself.
 */
export const authRateLimits = pgTable('auth_rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: at('window_started_at').notNull(),
  hits: integer('hits').notNull(),
});
