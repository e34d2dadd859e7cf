import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { officeIdColumn } from './offices';
import { emailRecipients } from './email';
import { users } from './identity';
import { shareLinks } from './links';
import { roles } from './opportunities';
import { projects } from './projects';

/** A person invited to apply to an opportunity through a submission link, with the e-mail that carried it. */
export const candidateInvitations = pgTable(
  'candidate_invitations',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    shareLinkId: uuid('share_link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    recipientId: uuid('recipient_id').references(() => emailRecipients.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** TS_INVITED when a talent submitter invited the person for their agency (the agency's Invited folder). */
    submitterFolder: text('submitter_folder'),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('candidate_invitations_role_email_key').on(table.roleId, table.email),
    index('candidate_invitations_project_newest_idx').on(
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('candidate_invitations_inviter_newest_idx').on(
      table.invitedById,
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('candidate_invitations_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);
