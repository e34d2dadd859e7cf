import { officeOfKey } from '../../platform/db/office-of';
import { runInOffice } from '../../platform/db/scope';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { CLIENT_REVIEW_MESSAGES, type ProjectBreakdown, type ProjectShareState } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { projects, projectShares, roles, shareLinkGroups, shareLinks } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { linkUrl } from '../links';
import { roleBreakdowns } from '../opportunities';

export async function shareState(db: Queryable, projectId: string): Promise<ProjectShareState> {
  const [row] = await db.select().from(projectShares).where(eq(projectShares.projectId, projectId));
  return {
    projectId,
    published: Boolean(row?.publishedAt),
    publishedAt: row?.publishedAt?.toISOString() ?? null,
  };
}

/** Publish or unpublish the project's public page; unpublishing takes effect on the next request. */
export async function setShare(db: Db, projectId: string, userId: string, published: boolean) {
  const publishedAt = published ? new Date() : null;
  await db
    .insert(projectShares)
    .values({ projectId, publishedAt, updatedById: userId })
    .onConflictDoUpdate({
      target: projectShares.projectId,
      // Publishing again keeps the first publication's date.
      set: {
        publishedAt: published ? sql`coalesce(${projectShares.publishedAt}, now())` : null,
        updatedById: userId,
        updatedAt: new Date(),
      },
    });
  return shareState(db, projectId);
}

const notShared = () => new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.projectNotShared);

/**
 * The public breakdown of a published project: its own description, its opportunities, and the open submission
 * links anyone may use (links made for a particular agency or agent stay private). An unpublished, archived or
 * unknown project is the same 404: archiving a project closes it, so its public page goes with it (and comes back,
 * still published, if the project is restored).
 */
export async function projectBreakdown(
  db: Queryable,
  publicUrl: string,
  projectId: string,
): Promise<ProjectBreakdown> {
  if (!isUuid(projectId)) throw notShared();
  const [project] = await db
    .select({
      id: projects.id,
      name: projects.name,
      description: projects.description,
      productionCompany: projects.productionCompany,
      location: projects.location,
      submissionDeadline: projects.submissionDeadline,
      auditionDate: projects.auditionDate,
      shootStartDate: projects.shootStartDate,
      shootEndDate: projects.shootEndDate,
    })
    .from(projects)
    .innerJoin(projectShares, eq(projectShares.projectId, projects.id))
    .where(
      and(
        eq(projects.id, projectId),
        isNull(projects.archivedAt),
        sql`${projectShares.publishedAt} is not null`,
      ),
    );
  if (!project) throw notShared();
  const roleRows = await db
    .select()
    .from(roles)
    .where(eq(roles.projectId, projectId))
    .orderBy(asc(roles.position), asc(roles.name))
    .limit(500);
  const breakdowns = await roleBreakdowns(db, roleRows);
  const linkRows = await db
    .select({ title: shareLinkGroups.title, roleIds: shareLinkGroups.roleIds, token: shareLinks.token })
    .from(shareLinks)
    .innerJoin(shareLinkGroups, eq(shareLinkGroups.id, shareLinks.groupId))
    .where(
      and(
        eq(shareLinks.projectId, projectId),
        isNull(shareLinks.agencyId),
        isNull(shareLinks.agentId),
        isNull(shareLinkGroups.closedAt),
        sql`(${shareLinkGroups.expiresAt} is null or ${shareLinkGroups.expiresAt} > now())`,
      ),
    )
    .limit(200);
  return {
    projectId: project.id,
    name: project.name,
    description: project.description,
    productionCompany: project.productionCompany,
    location: project.location,
    submissionDeadline: project.submissionDeadline,
    auditionDate: project.auditionDate,
    shootStartDate: project.shootStartDate,
    shootEndDate: project.shootEndDate,
    opportunities: roleRows.map((role, index) => ({
      id: role.id,
      name: role.name,
      description: role.description,
      breakdown: breakdowns[index]!,
      links: linkRows
        .filter((link) => link.roleIds.includes(role.id))
        .map((link) => ({ title: link.title, url: linkUrl(publicUrl, link.token) })),
    })),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`).replace(/\s+/g, ' ');

/**
 * Link previews (Open Graph and Twitter card) for `/project-share/{id}`: crawlers do not run the app, so the tags go
 * into index.html on the server. Nothing is added for an unpublished or unknown project.
 */
export async function projectSharePageMeta(
  db: Queryable,
  publicUrl: string,
  pathname: string,
): Promise<string | null> {
  const match = /^\/project-share\/([0-9a-fA-F-]{36})\/?$/.exec(pathname);
  if (!match) return null;
  // The page is public: it reads the project in the project's own office.
  const officeId = await officeOfKey(db, 'project', match[1]!);
  const breakdown = officeId
    ? await runInOffice(officeId, () => projectBreakdown(db, publicUrl, match[1]!)).catch(() => null)
    : null;
  if (!breakdown) return null;
  const base = publicUrl.replace(/\/$/, '');
  const description =
    breakdown.description?.slice(0, 200) ??
    `${breakdown.opportunities.length} opportunit${breakdown.opportunities.length === 1 ? 'y' : 'ies'} open for submissions.`;
  const tags: [string, string][] = [
    ['og:type', 'website'],
    ['og:title', breakdown.name],
    ['og:description', description],
    ['og:url', `${base}/project-share/${breakdown.projectId}`],
    ['og:image', `${base}/apple-touch-icon.png`],
    ['twitter:card', 'summary'],
  ];
  return [
    `<title>${escapeHtml(breakdown.name)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    ...tags.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
}
