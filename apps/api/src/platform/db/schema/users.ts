import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    otpSecret: text('otp_secret'),
    phoneNumber: text('phone_number'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
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
