import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { ADMIN_SCRIPT_MESSAGES } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { lookupValues, projectAccesses, projects, users, votes } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { openZipFile } from '../../platform/zip-file';
import { findOrCreateRepresentative } from '../agencies';
import { adoptOriginals, newOriginalKey, type AdoptedOriginal } from '../media';
import { FORMAT, TABLES, VERSION, type ExportFile, type TableName } from './export-format';
import { remapRow, withoutSecrets } from './restore-rows';
import type { Progress, ScriptResult } from './scripts';

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
          isSelfie: item.isSelfie === true,
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
