import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
