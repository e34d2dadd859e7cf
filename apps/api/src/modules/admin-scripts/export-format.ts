import type { PgTable } from 'drizzle-orm/pg-core';
import {
  applicantRepresentatives,
  applicants,
  applicantTags,
  chatMessageRevisions,
  chatMessages,
  chatThreads,
  clientFeedback,
  clientLinkItems,
  clientLinks,
  clientLinkViewers,
  emailTemplates,
  emailTemplateSeeds,
  folderMemberships,
  folders,
  mediaItems,
  roles,
  rosterEntries,
  rosterEvents,
  submissions,
  tags,
} from '../../platform/db/schema';

/**
 * A project export (decision 0739): one zip with `project.json` and every media original under `media/<item id>`.
 * The rows are the project's own tables, exported as they are; what belongs to the instance rather than the project
 * travels by a portable key instead of an id: team members and voters by e-mail, lookup values by lookup and name
 * (dropped where the other instance has no such value), agents by e-mail with their agency's name (found or made on
 * restore, as an apply page does). Secrets never travel and are never valid twice: submission links and chat reply
 * links are not exported, client review links come back revoked under a new digest with their viewers signed out,
 * and representation claims get a new digest (the old e-mailed claim link does not work on the restored project).
 */
export const FORMAT = 'casting-project-export';
export const VERSION = 1;

/** The project's tables in the order a restore inserts them (a row's references come before it). */
export const TABLES = {
  roles,
  folders,
  tags,
  applicants,
  submissions,
  folderMemberships,
  applicantTags,
  mediaItems,
  applicantRepresentatives,
  rosterEntries,
  rosterEvents,
  chatThreads,
  chatMessages,
  chatMessageRevisions,
  emailTemplates,
  emailTemplateSeeds,
  clientLinks,
  clientLinkItems,
  clientLinkViewers,
  clientFeedback,
} as const satisfies Record<string, PgTable>;
export type TableName = keyof typeof TABLES;

export interface ExportFile {
  format: typeof FORMAT;
  version: number;
  exportedAt: string;
  project: Record<string, unknown>;
  team: { email: string; scope: string }[];
  votes: { submissionId: string; email: string; vote: string; createdAt: string }[];
  /** The instance's lookup values, so references travel by lookup and name, not by this instance's ids. */
  lookups?: { id: string; lookup: string; name: string }[];
  /** The agents the project names (representations, who submitted a candidate), by e-mail with their agency. */
  agents?: ExportedAgent[];
  /** Keyed by table; an export made before a table was added lacks it (restored as empty). */
  tables: Record<TableName, Record<string, unknown>[]>;
}

export interface ExportedAgent {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  agencyName: string;
  agencyWebsiteUrl: string | null;
}
