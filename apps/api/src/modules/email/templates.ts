import { and, asc, eq, sql } from 'drizzle-orm';
import {
  STARTER_TEMPLATE_KEYS,
  STARTER_TEMPLATES,
  type EmailTemplate,
  type EmailTemplateInput,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { emailTemplates, emailTemplateSeeds } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';

type TemplateRow = typeof emailTemplates.$inferSelect;

export function templateView(row: TemplateRow): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    starterKey: row.starterKey,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Adds the starter templates a project does not have yet, the first time its templates are read (or a roster notice
 * needs one): projects made before templates existed get them, and projects seeded before a starter was added to the
 * product (the roster notices, decision 0052) get just the new ones. The seed row records which starters were added
 * and is locked while adding, so two first readers add them once, and a starter the team deleted does not come back.
 */
export async function ensureStarterTemplates(db: Db, projectId: string): Promise<void> {
  const [seeded] = await db
    .select({ starterKeys: emailTemplateSeeds.starterKeys })
    .from(emailTemplateSeeds)
    .where(eq(emailTemplateSeeds.projectId, projectId));
  if (seeded && STARTER_TEMPLATE_KEYS.every((key) => seeded.starterKeys.includes(key))) return;
  await db.transaction(async (tx) => {
    await tx.insert(emailTemplateSeeds).values({ projectId }).onConflictDoNothing();
    const [locked] = await tx
      .select({ starterKeys: emailTemplateSeeds.starterKeys })
      .from(emailTemplateSeeds)
      .where(eq(emailTemplateSeeds.projectId, projectId))
      .for('update');
    const missing = STARTER_TEMPLATES.filter((starter) => !locked!.starterKeys.includes(starter.key));
    if (missing.length === 0) return;
    await tx
      .insert(emailTemplates)
      .values(
        missing.map((starter) => ({
          projectId,
          name: starter.name,
          subject: starter.subject,
          body: starter.body,
          starterKey: starter.key,
        })),
      )
      .onConflictDoNothing();
    await tx
      .update(emailTemplateSeeds)
      .set({ starterKeys: [...locked!.starterKeys, ...missing.map((starter) => starter.key)] })
      .where(eq(emailTemplateSeeds.projectId, projectId));
  });
}

/** A project's templates by name; projects hold a handful, capped at `limit` with a name cursor. */
export async function listTemplates(db: Db, projectId: string, limit: number, cursor?: string) {
  await ensureStarterTemplates(db, projectId);
  const after = cursor ? decodeNameCursor(cursor) : null;
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.projectId, projectId),
        after
          ? sql`(${emailTemplates.name}, ${emailTemplates.id}) > (${after.name}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(emailTemplates.name), asc(emailTemplates.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      id: row.id,
      name: row.name,
      subject: row.subject,
      starterKey: row.starterKey,
      updatedAt: row.updatedAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encodeNameCursor(last) : null,
    totalCapped: false,
  };
}

function encodeNameCursor(row: { name: string; id: string }) {
  return Buffer.from(JSON.stringify([row.name, row.id]), 'utf8').toString('base64url');
}

function decodeNameCursor(cursor: string): { name: string; id: string } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(parsed[1])
    ) {
      return { name: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through: an unreadable cursor starts from the top
  }
  return null;
}

/** A template of the project, or 404 (one of another project is not found, whoever asks). */
export async function templateInProject(db: Queryable, projectId: string, templateId: string) {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.projectId, projectId)));
  if (!row) throw notFound('The e-mail template');
  return row;
}

export async function createTemplate(db: Db, projectId: string, userId: string, input: EmailTemplateInput) {
  await ensureStarterTemplates(db, projectId);
  const [row] = await db
    .insert(emailTemplates)
    .values({ projectId, createdById: userId, ...input })
    .returning();
  return templateView(row!);
}

export async function updateTemplate(
  db: Db,
  projectId: string,
  templateId: string,
  input: EmailTemplateInput,
) {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.projectId, projectId)))
    .returning();
  if (!row) throw notFound('The e-mail template');
  return templateView(row);
}

export async function deleteTemplate(db: Db, projectId: string, templateId: string) {
  const deleted = await db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.projectId, projectId)))
    .returning({ id: emailTemplates.id });
  if (deleted.length === 0) throw notFound('The e-mail template');
}
