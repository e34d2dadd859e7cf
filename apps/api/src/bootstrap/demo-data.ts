import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProjectScope } from '@casting/domain';
import { systemFolderRows } from '../modules/opportunities';
import type { Db } from '../platform/db/client';
import {
  folders,
  lookupValues,
  officeMembers,
  projectAccesses,
  projects,
  roles,
  users,
} from '../platform/db/schema';
import { currentOfficeId } from '../platform/db/scope';
import { officeRoleOfAccount } from './first-office';
import { insertDemoCandidates } from './demo-candidates';
import { DEMO_PROJECTS, DEMO_USERS, type DemoRole } from './demo-data-content';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lookupIds(tx: Tx) {
  const rows = await tx.select().from(lookupValues);
  return (lookup: string, name: string | undefined): string | null => {
    if (!name) return null;
    const row = rows.find((value) => value.lookup === lookup && value.name === name);
    if (!row) throw new Error(`Demo data names an unknown ${lookup} value: ${name}`);
    return row.id;
  };
}

/**
 * A casting office for a first look at the product: team accounts, three projects with opportunities, their
 * folders, team access and a few hundred generated candidates each. Demo accounts have no password: nobody can sign in as them until they reset it through
 * their own mailbox, so demo data never opens a door. `ownerEmail` (the first super admin) owns any demo project whose
 * owner has no demo account; the build's seed writes the office without one.
 */
export async function loadDemoData(db: Db, log: FastifyBaseLogger, ownerEmail?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(DEMO_USERS.map((user) => ({ ...user, confirmedAt: new Date() })))
      .onConflictDoNothing();
    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(users.email, [...(ownerEmail ? [ownerEmail] : []), ...DEMO_USERS.map((user) => user.email)]),
      );
    const userId = (email: string) => people.find((person) => person.email === email)?.id ?? null;
    // The demo team are members of the office the data is written into, each with the role of their account.
    const officeId = currentOfficeId();
    if (officeId) {
      const members = DEMO_USERS.flatMap((user) => {
        const id = userId(user.email);
        const role = officeRoleOfAccount(user.roleCode);
        return id && role ? [{ officeId, userId: id, role }] : [];
      });
      if (members.length > 0) await tx.insert(officeMembers).values(members).onConflictDoNothing();
      await tx
        .update(users)
        .set({ lastOfficeId: officeId })
        .where(
          inArray(
            users.email,
            DEMO_USERS.map((user) => user.email),
          ),
        );
    }
    const lookup = await lookupIds(tx);

    for (const demo of DEMO_PROJECTS) {
      const ownerId = userId(demo.ownerEmail) ?? (ownerEmail ? userId(ownerEmail) : null);
      if (!ownerId) throw new Error('Demo data needs the first super admin');
      const [project] = await tx
        .insert(projects)
        .values({
          name: demo.name,
          ownerId,
          projectTypeId: lookup('project-types', demo.projectType),
          unionStatusId: lookup('union', demo.union),
          projectStatusId: lookup('project-status', demo.status),
          description: demo.description,
          productionCompany: demo.productionCompany,
          submissionDeadline: demo.submissionDeadline,
          auditionDate: demo.auditionDate ?? null,
          shootStartDate: demo.shootStartDate ?? null,
          shootEndDate: demo.shootEndDate ?? null,
          location: demo.location,
          regionIds: demo.regions.map((region) => lookup('regions', region)).filter((id) => id !== null),
          rateNotes: demo.rateNotes,
          lookingFor: demo.lookingFor,
          collectRepresentativeInfo: demo.collectRepresentativeInfo,
          settings: { applicantOnlyInOneFolder: demo.applicantOnlyInOneFolder },
        })
        .returning({ id: projects.id });
      if (!project) throw new Error('project insert returned nothing');
      const roleIds = await insertRoles(tx, project.id, demo.roles, lookup);
      // The owner and the team members with accounts vote; the owner's vote placed the reviewed candidates.
      const voterIds = [ownerId, ...demo.team.map(([email]) => userId(email))].filter(
        (id, index, all): id is string => id !== null && all.indexOf(id) === index,
      );
      await insertDemoCandidates(tx, project.id, roleIds, lookup, {
        perRole: 90,
        seed: DEMO_PROJECTS.indexOf(demo) + 1,
        voterIds,
      });
      const team = demo.team.map(([email, scope]: readonly [string, ProjectScope]) => ({
        projectId: project.id,
        userId: userId(email),
        email,
        scope,
        invitedById: ownerId,
        acceptedAt: userId(email) ? new Date() : null,
      }));
      if (team.length > 0) await tx.insert(projectAccesses).values(team);
    }
  });
  log.info({ projects: DEMO_PROJECTS.length, users: DEMO_USERS.length }, 'demo data loaded');
}

async function insertRoles(
  tx: Tx,
  projectId: string,
  demoRoles: readonly DemoRole[],
  lookup: (lookup: string, name: string | undefined) => string | null,
): Promise<string[]> {
  const ids: string[] = [];
  for (const [position, demo] of demoRoles.entries()) {
    const [role] = await tx
      .insert(roles)
      .values({
        projectId,
        name: demo.name,
        description: demo.description,
        roleTypeId: lookup('role-types', demo.roleType),
        genderIds: demo.genders.map((gender) => lookup('role-genders', gender)).filter((id) => id !== null),
        ageMin: demo.ageMin,
        ageMax: demo.ageMax,
        rate: demo.rate ?? null,
        requirements: demo.requirements ?? null,
        position,
      })
      .returning({ id: roles.id });
    if (!role) throw new Error('role insert returned nothing');
    ids.push(role.id);
    await tx.insert(folders).values(systemFolderRows(projectId, role.id));
    for (const [index, name] of (demo.customFolders ?? []).entries()) {
      await tx.insert(folders).values({ projectId, roleId: role.id, name, position: 100 + index });
    }
  }
  return ids;
}
