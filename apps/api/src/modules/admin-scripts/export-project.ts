import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ADMIN_SCRIPT_MESSAGES } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import {
  agencies,
  agents,
  lookupValues,
  type mediaItems,
  projectAccesses,
  projects,
  users,
  votes,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import {
  FORMAT,
  TABLES,
  VERSION,
  type ExportedAgent,
  type ExportFile,
  type TableName,
} from './export-format';
import type { Progress, ScriptResult } from './scripts';

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
