import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { ADMIN_SCRIPT_MESSAGES } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import {
  agencies,
  agents,
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
  lookupValues,
  mediaItems,
  projectAccesses,
  projects,
  roles,
  rosterEntries,
  rosterEvents,
  submissions,
  tags,
  users,
  votes,
} from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError } from '../../platform/errors';
import { openZipFile } from '../../platform/zip-file';
import { findOrCreateRepresentative } from '../agencies';
import { adoptOriginals, newOriginalKey, type AdoptedOriginal } from '../media';
import type { Progress, ScriptResult } from './scripts';

/**
 * A project export (decision 0042): one zip with `project.json` and every media original under `media/<item id>`.
 * The rows are the project's own tables, exported as they are; what belongs to the instance rather than the project
 * travels by a portable key instead of an id: team members and voters by e-mail, lookup values by lookup and name
 * (dropped where the other instance has no such value), agents by e-mail with their agency's name (found or made on
 * restore, as an apply page does). Secrets never travel and are never valid twice: submission links and chat reply
 * links are not exported, client review links come back revoked under a new digest with their viewers signed out,
 * and representation claims get a new digest (the old e-mailed claim link does not work on the restored project).
 */
const FORMAT = 'casting-project-export';
const VERSION = 1;

/** The project's tables in the order a restore inserts them (a row's references come before it). */
const TABLES = {
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
type TableName = keyof typeof TABLES;

interface ExportFile {
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

interface ExportedAgent {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  agencyName: string;
  agencyWebsiteUrl: string | null;
}

/** Writes the export zip to storage and answers its key and counts. */
export async function exportProject(
  context: AppContext,
  projectId: string,
  progress: Progress,
): Promise<{ key: string; result: ScriptResult }> {
  const { db } = context.database;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new AppError('NOT_FOUND', ADMIN_SCRIPT_MESSAGES.runNotFound);
  const tables = {} as ExportFile['tables'];
  for (const [name, table] of Object.entries(TABLES) as [TableName, PgTable][]) {
    const projectColumn = (table as unknown as { projectId: never }).projectId;
    tables[name] = (await db.select().from(table).where(eq(projectColumn, projectId))) as Record<
      string,
      unknown
    >[];
  }
  await progress(20);
  const team = await db
    .select({ email: projectAccesses.email, scope: projectAccesses.scope })
    .from(projectAccesses)
    .where(eq(projectAccesses.projectId, projectId));
  const voteRows = await db
    .select({
      submissionId: votes.submissionId,
      email: users.email,
      vote: votes.vote,
      createdAt: votes.createdAt,
    })
    .from(votes)
    .innerJoin(users, eq(users.id, votes.userId))
    .where(eq(votes.projectId, projectId));
  const lookupRows = await db
    .select({ id: lookupValues.id, lookup: lookupValues.lookup, name: lookupValues.name })
    .from(lookupValues);
  const agentIds = [
    ...new Set(
      [
        ...tables.applicantRepresentatives.map((row) => row.agentId),
        ...tables.submissions.map((row) => row.referringAgentId),
      ].filter((id): id is string => typeof id === 'string'),
    ),
  ];
  const agentRows: ExportedAgent[] =
    agentIds.length === 0
      ? []
      : await db
          .select({
            id: agents.id,
            email: agents.email,
            firstName: agents.firstName,
            lastName: agents.lastName,
            phoneNumber: agents.phoneNumber,
            agencyName: agencies.name,
            agencyWebsiteUrl: agencies.websiteUrl,
          })
          .from(agents)
          .innerJoin(agencies, eq(agencies.id, agents.agencyId))
          .where(inArray(agents.id, agentIds));
  const file: ExportFile = {
    lookups: lookupRows,
    agents: agentRows,
    format: FORMAT,
    version: VERSION,
    exportedAt: new Date().toISOString(),
    project: project as unknown as Record<string, unknown>,
    team,
    votes: voteRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    tables,
  };

  // The zip is written to a temporary file first: the storage port needs the length of what it stores.
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'casting-export-'));
  const zipPath = path.join(dir, 'export.zip');
  try {
    // archiver is loaded by the first export, not when the API starts (about 0.1 s of it).
    const { ZipArchive } = await import('archiver');
    const zip = new ZipArchive({ zlib: { level: 6 } });
    const written = pipeline(zip, fs.createWriteStream(zipPath));
    zip.append(JSON.stringify(file), { name: 'project.json' });
    const media = tables.mediaItems as unknown as (typeof mediaItems.$inferSelect)[];
    let done = 0;
    for (const item of media) {
      const stream = await context.storage.getObjectStream(item.originalKey);
      if (stream) {
        const added = new Promise<void>((resolve) => zip.once('entry', () => resolve()));
        zip.append(stream, { name: `media/${item.id}`, store: true });
        await added;
      }
      done++;
      await progress(20 + Math.round((done / media.length) * 70));
    }
    await zip.finalize();
    await written;
    const size = (await fs.promises.stat(zipPath)).size;
    const key = context.storage.newKey(`exports/${projectId}`);
    await context.storage.putObject(key, fs.createReadStream(zipPath), 'application/zip', size);
    return {
      key,
      result: {
        size,
        opportunities: tables.roles.length,
        candidates: tables.applicants.length,
        media: media.length,
        team: team.length,
        votes: voteRows.length,
      },
    };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Reads the zip's entries: project.json parsed, media entries opened on demand. */
async function openExport(zipPath: string) {
  const zip = await openZipFile(zipPath).catch(() => {
    throw new AppError('VALIDATION_FAILED', ADMIN_SCRIPT_MESSAGES.notAnExport);
  });
  const manifest = zip.entries.get('project.json');
  if (!manifest) {
    zip.close();
    throw new AppError('VALIDATION_FAILED', ADMIN_SCRIPT_MESSAGES.notAnExport);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.open(manifest)) chunks.push(chunk as Buffer);
  let file: ExportFile | null = null;
  try {
    file = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportFile;
  } catch {
    file = null;
  }
  if (!file || file.format !== FORMAT || file.version !== VERSION || !file.tables) {
    zip.close();
    throw new AppError('VALIDATION_FAILED', ADMIN_SCRIPT_MESSAGES.notAnExport);
  }
  return { file, ...zip };
}

/** A row of an export turned into a row of this instance: new ids, the new project, references remapped. */
function remapRow(
  table: PgTable,
  row: Record<string, unknown>,
  ids: Map<string, string>,
  context: { projectId: string; lookups: Map<string, string>; agents?: Map<string, string> },
): Record<string, unknown> {
  const config = getTableConfig(table);
  const out: Record<string, unknown> = {};
  const references = new Map<string, string>();
  for (const fk of config.foreignKeys) {
    const reference = fk.reference();
    references.set(reference.columns[0]!.name, getTableConfig(reference.foreignTable).name);
  }
  const keyOf = Object.fromEntries(
    Object.entries(table as unknown as Record<string, { name?: string }>)
      .filter(
        ([, column]) => column && typeof column === 'object' && 'name' in column && 'columnType' in column,
      )
      .map(([key, column]) => [column.name!, key]),
  );
  for (const column of config.columns) {
    const key = keyOf[column.name];
    if (!key || !(key in row)) continue;
    let value = row[key];
    const target = references.get(column.name);
    if (column.name === 'id') value = ids.get(value as string);
    else if (column.name === 'project_id') value = context.projectId;
    else if (target === 'lookup_values') value = context.lookups.get(value as string) ?? null;
    else if (target === 'agents' || column.name === 'referring_agent_id') {
      // Agents are the instance's: the restore found or made each by e-mail (who submitted, who represents).
      value = value == null ? null : (context.agents?.get(value as string) ?? null);
    } else if (target === 'users' || target === 'people' || column.name === 'share_link_id') {
      // Accounts and roster people are the instance's; submission links are not exported (their secrets stay).
      value = null;
    } else if (target) value = ids.get(value as string) ?? null;
    else if (Array.isArray(value) && column.columnType === 'PgArray' && column.getSQLType() === 'uuid[]') {
      // Arrays of the export's own ids (a client link's folders) or of lookup ids (genders, unions, ethnic
      // appearances...): remapped, kept where this instance has the value.
      value = value.flatMap((id) => {
        const mapped = ids.get(id as string) ?? context.lookups.get(id as string);
        return mapped ? [mapped] : [];
      });
    } else if (column.columnType === 'PgTimestamp' && typeof value === 'string') value = new Date(value);
    out[key] = value;
  }
  return out;
}

/**
 * A restored row with the secrets of the exported instance taken out, so no link or code works twice: a client review
 * link comes back revoked under a digest nobody holds (its feedback stays readable to the team), its viewers signed out
 * without a pending code, a representation claim under a new digest. A representation names its agent's agency here;
 * one whose agent could not be placed is dropped (answers [] for a row to leave out).
 */
function withoutSecrets(
  name: TableName,
  row: Record<string, unknown>,
  context: { agencyOfAgent: Map<string, string>; now: Date },
): Record<string, unknown>[] {
  const unknownDigest = () => tokenDigest(newLinkToken());
  switch (name) {
    case 'clientLinks':
      return [{ ...row, tokenDigest: unknownDigest(), revokedAt: row.revokedAt ?? context.now }];
    case 'clientLinkViewers':
      return [
        {
          ...row,
          codeDigest: null,
          codeExpiresAt: null,
          codeAttempts: 0,
          sessionDigest: null,
          sessionExpiresAt: null,
        },
      ];
    case 'applicantRepresentatives': {
      const agencyId = context.agencyOfAgent.get(row.agentId as string);
      return agencyId ? [{ ...row, agencyId, claimTokenHash: unknownDigest() }] : [];
    }
    default:
      return [row];
  }
}

/**
 * Creates a new project on this instance from an export zip, in one transaction (a failure leaves nothing behind):
 * the restorer owns it, the exported team comes back as invitations by e-mail (they take effect for whoever holds a
 * confirmed account with that address), votes are kept for voters who have an account here, media originals are
 * stored again and converted afresh.
 */
export async function restoreProject(
  context: AppContext,
  input: { fileKey: string; restoredById: string },
  progress: Progress,
): Promise<{ projectId: string; result: ScriptResult }> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'casting-restore-'));
  const zipPath = path.join(dir, 'export.zip');
  const stored: string[] = [];
  try {
    const source = await context.storage.getObjectStream(input.fileKey);
    if (!source) throw new AppError('NOT_FOUND', ADMIN_SCRIPT_MESSAGES.notAnExport);
    await pipeline(source, fs.createWriteStream(zipPath));
    const archive = await openExport(zipPath);
    try {
      const { file } = archive;
      const { db } = context.database;
      // An exported lookup value maps to this instance's value of the same lookup and name (ids differ between
      // instances for values an office added); an export without the list maps by id.
      const here = await db
        .select({ id: lookupValues.id, lookup: lookupValues.lookup, name: lookupValues.name })
        .from(lookupValues);
      const byName = new Map(here.map((row) => [`${row.lookup}|${row.name.toLowerCase()}`, row.id]));
      const lookups = new Map<string, string>(
        file.lookups
          ? file.lookups.flatMap((row) => {
              const id = byName.get(`${row.lookup}|${row.name.toLowerCase()}`);
              return id ? [[row.id, id] as [string, string]] : [];
            })
          : here.map((row) => [row.id, row.id] as [string, string]),
      );
      const projectId = uuidv7();
      const ids = new Map<string, string>();
      for (const rows of Object.values(file.tables)) {
        for (const row of rows) if (typeof row.id === 'string') ids.set(row.id, uuidv7());
      }
      await progress(10);

      // Media originals go to storage before the transaction (a rollback deletes them again below).
      const media = (file.tables.mediaItems ?? []) as Record<string, unknown>[];
      const adopted: AdoptedOriginal[] = [];
      for (const [index, item] of media.entries()) {
        const entry = archive.entries.get(`media/${item.id as string}`);
        const applicantId = ids.get(item.applicantId as string);
        if (!entry || !applicantId) continue;
        const key = newOriginalKey(context.storage, projectId);
        const body = new PassThrough();
        (await archive.open(entry)).pipe(body);
        await context.storage.putObject(key, body, item.contentType as string, entry.uncompressedSize);
        stored.push(key);
        adopted.push({
          projectId,
          applicantId,
          key,
          name: item.name as string,
          contentType: item.contentType as string,
          size: entry.uncompressedSize,
          kind: item.kind as AdoptedOriginal['kind'],
          isPrimaryPhoto: item.isPrimaryPhoto === true,
          visibility: (item.visibility as AdoptedOriginal['visibility']) ?? 'ALL',
        });
        await progress(10 + Math.round(((index + 1) / media.length) * 50));
      }

      const result = await db.transaction(async (tx) => {
        const [restorer] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, input.restoredById));
        const projectRow = remapRow(
          projects,
          { ...file.project, id: 'project' },
          new Map([['project', projectId]]),
          {
            projectId,
            lookups,
          },
        );
        await tx.insert(projects).values({
          ...(projectRow as typeof projects.$inferInsert),
          id: projectId,
          ownerId: input.restoredById,
          draftStep: null,
          archivedAt: null,
          version: 1,
        });
        const team = file.team.filter((member) => member.email !== restorer?.email.toLowerCase());
        await tx.insert(projectAccesses).values([
          {
            projectId,
            userId: input.restoredById,
            email: restorer!.email.toLowerCase(),
            scope: 'PROJECT_OWNER',
            acceptedAt: new Date(),
          },
          // The restorer is the one owner here; the exported owner comes back as an editor, as transferring the
          // ownership leaves a previous owner (a second PROJECT_OWNER row would hand them the owner's rights).
          ...team.map((member) => ({
            projectId,
            email: member.email,
            scope: member.scope === 'PROJECT_OWNER' ? 'PROJECT_EDITOR' : member.scope,
          })),
        ]);
        // Each agent the project names is found here by e-mail or made, in its agency, as an apply page does.
        const agentIds = new Map<string, string>();
        const agencyOfAgent = new Map<string, string>();
        for (const agent of file.agents ?? []) {
          const here = await findOrCreateRepresentative(tx as unknown as Db, {
            agent: {
              firstName: agent.firstName,
              lastName: agent.lastName,
              email: agent.email.toLowerCase(),
              phoneNumber: agent.phoneNumber ?? undefined,
            },
            agency: { name: agent.agencyName, websiteUrl: agent.agencyWebsiteUrl ?? undefined },
          });
          agentIds.set(agent.id, here.agent.id);
          agencyOfAgent.set(here.agent.id, here.agency.id);
        }
        const now = new Date();
        const counts: Record<string, number> = {};
        for (const [name, table] of Object.entries(TABLES) as [TableName, PgTable][]) {
          if (name === 'mediaItems') continue;
          const rows = (file.tables[name] ?? []).flatMap((row) => {
            const out = remapRow(table, row, ids, { projectId, lookups, agents: agentIds });
            // A submission's up-vote tally (the "votes" sort's key) is kept by the triggers on `votes`: it starts at
            // 0 and counts the votes kept below, else every kept vote would count twice and a vote dropped for want
            // of an account here would still count.
            if (name === 'submissions') out.upVotes = 0;
            return withoutSecrets(name, out, { agencyOfAgent, now });
          });
          counts[name] = rows.length;
          for (let start = 0; start < rows.length; start += 500) {
            await tx.insert(table).values(rows.slice(start, start + 500) as never);
          }
        }
        await adoptOriginals(tx as unknown as Db, adopted, context.jobs);
        const voters = [...new Set(file.votes.map((vote) => vote.email.toLowerCase()))];
        const accounts =
          voters.length === 0
            ? []
            : await tx
                .select({ id: users.id, email: sql<string>`lower(${users.email})` })
                .from(users)
                .where(inArray(sql`lower(${users.email})`, voters));
        const byEmail = new Map(accounts.map((account) => [account.email, account.id]));
        const keptVotes = file.votes.flatMap((vote) => {
          const userId = byEmail.get(vote.email.toLowerCase());
          const submissionId = ids.get(vote.submissionId);
          return userId && submissionId
            ? [{ submissionId, userId, projectId, vote: vote.vote, createdAt: new Date(vote.createdAt) }]
            : [];
        });
        if (keptVotes.length > 0) await tx.insert(votes).values(keptVotes);
        return {
          name: file.project.name,
          opportunities: counts.roles ?? 0,
          candidates: counts.applicants ?? 0,
          media: adopted.length,
          invitations: team.length,
          votes: keptVotes.length,
          votesWithoutAccount: file.votes.length - keptVotes.length,
          representations: counts.applicantRepresentatives ?? 0,
          rosterEntries: counts.rosterEntries ?? 0,
          chatMessages: counts.chatMessages ?? 0,
          emailTemplates: counts.emailTemplates ?? 0,
          clientLinks: counts.clientLinks ?? 0,
          clientFeedback: counts.clientFeedback ?? 0,
        };
      });
      stored.length = 0;
      return { projectId, result: { projectId, ...result } };
    } finally {
      archive.close();
    }
  } finally {
    for (const key of stored) await context.storage.delete(key).catch(() => undefined);
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
