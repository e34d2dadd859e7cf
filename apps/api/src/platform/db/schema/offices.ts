import { sql } from 'drizzle-orm';
import {
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
import { v7 as uuidv7 } from 'uuid';
import { users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A casting office: the unit that owns projects, the talent roster, templates, imports and the audit log. Every
 * table of office data carries `office_id`, and row-level security shows a transaction only the rows of the office
 * it is set to (`current_office_id()`, see the offices migration). Agencies, agents and accounts are installation-wide.
 */
export const offices = pgTable(
  'offices',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    name: text('name').notNull(),
    /** Storage key of the office's logo, shown on its apply pages and in the app shell. */
    logoKey: text('logo_key'),
    /** IANA time zone the office works in: its default for deadlines and sessions. */
    timeZone: text('time_zone').notNull().default('UTC'),
    dateFormat: text('date_format').notNull().default('YYYY-MM-DD'),
    /** The display name of the office's mail ("Jane Doe Casting"); the address stays the installation's. */
    mailSenderName: text('mail_sender_name'),
    /** The office's own terms and privacy texts for its apply pages; null keeps the installation's default. */
    termsText: text('terms_text'),
    privacyText: text('privacy_text'),
    /** Raised on every change of either legal text. */
    legalVersion: integer('legal_version').notNull().default(1),
    /**
     * Each raised by a change of its own text (from or to the installation's default too), so an application records
     * which terms and which privacy text its talent accepted (decision 0105).
     */
    termsVersion: integer('terms_version').notNull().default(1),
    privacyVersion: integer('privacy_version').notNull().default(1),
    /** ACTIVE, or PENDING_APPROVAL while the operator has not approved a sign-up, or SUSPENDED by the operator. */
    status: text('status').notNull().default('ACTIVE'),
    /** A candidate younger than this is a minor: guardian consent on apply pages, contact details hidden from clients. */
    ageOfMajority: integer('age_of_majority').notNull().default(18),
    /** Days after a project is archived before unselected candidates' media and contact details are purged. */
    retentionDays: integer('retention_days'),
    /** The office role of a person who joins by confirming an address at one of the office's member domains. */
    memberSignUpRole: text('member_sign_up_role').notNull().default('CASTING_ASSISTANT'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdateFn(() => new Date()),
  },
  (table) => [
    // The operator's list of offices, newest first, whole or by status (keyset on created_at, id).
    index('offices_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('offices_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    check('offices_status_check', sql`${table.status} in ('ACTIVE', 'PENDING_APPROVAL', 'SUSPENDED')`),
    check('offices_age_of_majority_check', sql`${table.ageOfMajority} between 14 and 21`),
    check(
      'offices_member_sign_up_role_check',
      sql`${table.memberSignUpRole} in ('CASTING_DIRECTOR', 'CASTING_ASSISTANT')`,
    ),
    check(
      'offices_retention_days_check',
      sql`${table.retentionDays} is null or ${table.retentionDays} between 1 and 3650`,
    ),
  ],
);

/** Who belongs to an office, and as what: the office's own ranking of owner, casting director, assistant, client. */
export const officeMembers = pgTable(
  'office_members',
  {
    officeId: uuid('office_id')
      .notNull()
      .default(sql`current_office_id()`)
      .references(() => offices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.officeId, table.userId] }),
    index('office_members_user_idx').on(table.userId),
    // The members list: newest first within the office, keyset on (created_at, user_id).
    index('office_members_joined_idx').on(table.officeId, table.createdAt.desc(), table.userId.desc()),
    check(
      'office_members_role_check',
      sql`${table.role} in ('OWNER', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT', 'CLIENT')`,
    ),
  ],
);

/**
 * The office that owns a row. It defaults to the office the transaction is set to, so a writer inside a request or
 * a job never names it, and row-level security refuses a row written for any other office.
 */
export const officeIdColumn = (options: { nullable?: boolean } = {}) => {
  const column = uuid('office_id')
    .default(sql`current_office_id()`)
    .references(() => offices.id, { onDelete: 'cascade' });
  return options.nullable ? column : column.notNull();
};

/**
 * An invitation to join an office with a role, mailed as a link that carries a 32-byte random token. Only the token's
 * SHA-256 is kept, so neither a copy of the database nor its logs can be turned into a working link. One pending
 * invitation per address and office: inviting again replaces it.
 */
export const officeInvitations = pgTable(
  'office_invitations',
  {
    officeId: officeIdColumn(),
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [
    uniqueIndex('office_invitations_token_hash_key').on(table.tokenHash),
    uniqueIndex('office_invitations_pending_email_key')
      .on(table.officeId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index('office_invitations_pending_idx')
      .on(table.officeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    check('office_invitations_email_check', sql`${table.email} = lower(${table.email})`),
    check(
      'office_invitations_role_check',
      sql`${table.role} in ('OWNER', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT', 'CLIENT')`,
    ),
  ],
);

/**
 * Time-limited support access an office's owner grants the installation's operator: while a grant is live (not ended,
 * not expired) the operator may open a support session in the office with an owner's rights; without one the
 * operator sees nothing of it.
 */
export const officeSupportGrants = pgTable(
  'office_support_grants',
  {
    officeId: officeIdColumn(),
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    grantedById: uuid('granted_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
  },
  (table) => [
    index('office_support_grants_live_idx')
      .on(table.officeId, table.expiresAt.desc())
      .where(sql`${table.endedAt} is null`),
  ],
);

/**
 * The e-mail domains whose people may join an office by signing up (decision 0114): a domain lets people into one
 * office of the installation at most, so it is the key. Sign-up reads it across offices through the database's
 * `office_of_member_domain`; everything else sees only its own office's domains.
 */
export const officeMemberDomains = pgTable(
  'office_member_domains',
  {
    officeId: officeIdColumn(),
    domain: text('domain').primaryKey(),
    addedById: uuid('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('office_member_domains_office_idx').on(table.officeId, table.domain),
    check('office_member_domains_domain_check', sql`${table.domain} = lower(${table.domain})`),
  ],
);
