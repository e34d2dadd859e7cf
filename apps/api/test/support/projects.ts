import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  accountRoleOf,
  type CreateProject,
  type CreateRole,
  type ProjectDetail,
  type ProjectScope,
  type Role,
} from '@casting/domain';
import { and, eq } from 'drizzle-orm';
import { createFolder } from '../../src/modules/folders/service';
import { createProject } from '../../src/modules/projects/services/project-service';
import { createRole } from '../../src/modules/opportunities/service';
import type { Principal } from '../../src/platform/http/access';
import { lookupValues, offices, projectAccesses } from '../../src/platform/db/schema';
import { loadedTestOfficeId, testDatabase } from './database';
import { officeRoleOfAccount } from '../../src/bootstrap/first-office';
import { createUser, signIn, type CreateUserOverrides, type TestUser } from './identity';

type Person = Pick<TestUser, 'id' | 'email' | 'roleCode'>;

export function principalFor(user: Person): Principal {
  const roleCode = user.roleCode as Principal['roleCode'];
  return {
    userId: user.id,
    sessionId: randomUUID(),
    roleCode,
    accountRole: accountRoleOf(roleCode),
    otpRequired: false,
    otpEnabled: false,
    mustChangePassword: false,
    officeId: loadedTestOfficeId(),
    officeRole: officeRoleOfAccount(roleCode),
  };
}

/** A project created through the service, so the owner gets the same PROJECT_OWNER row the API gives. */
export async function buildProject(
  owner: Person,
  overrides: Partial<CreateProject> = {},
): Promise<ProjectDetail> {
  const { db } = await testDatabase();
  return createProject(db, principalFor(owner), {
    name: `Project ${randomUUID().slice(0, 8)}`,
    ...overrides,
  });
}

export async function buildRole(project: { id: string }, overrides: Partial<CreateRole> = {}): Promise<Role> {
  const { db } = await testDatabase();
  return createRole(db, project.id, { name: `Role ${randomUUID().slice(0, 8)}`, ...overrides });
}

export async function buildFolder(role: { id: string; projectId: string }, name = 'Callbacks') {
  const { db } = await testDatabase();
  return createFolder(db, { projectId: role.projectId, roleId: role.id, name });
}

/** A team member linked to an account, as an accepted invitation leaves it. */
export async function addMember(
  project: { id: string },
  user: Pick<Person, 'id' | 'email'>,
  scope: ProjectScope,
) {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(projectAccesses)
    .values({ projectId: project.id, userId: user.id, email: user.email, scope, acceptedAt: new Date() })
    .returning();
  if (!row) throw new Error('addMember inserted nothing');
  return row;
}

/** A pending invitation: an address on the team that no account has taken up yet. */
export async function addInvitation(project: { id: string }, email: string, scope: ProjectScope) {
  const { db } = await testDatabase();
  const [row] = await db.insert(projectAccesses).values({ projectId: project.id, email, scope }).returning();
  if (!row) throw new Error('addInvitation inserted nothing');
  return row;
}

export async function accessRows(projectId: string) {
  const { db } = await testDatabase();
  return db.select().from(projectAccesses).where(eq(projectAccesses.projectId, projectId));
}

/** The id of a seeded lookup value, by lookup and name. */
export async function lookupId(lookup: string, name: string): Promise<string> {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.lookup, lookup), eq(lookupValues.name, name)));
  if (!row) throw new Error(`no ${lookup} value named ${name}`);
  return row.id;
}

export interface SignedInUser {
  user: TestUser;
  auth: { authorization: string };
}

export async function signedInUser(
  app: FastifyInstance,
  overrides: CreateUserOverrides = {},
): Promise<SignedInUser> {
  const user = await createUser(overrides);
  const { auth } = await signIn(app, user);
  return { user, auth };
}

/** `otherOffice`: the owner of another office, who must see nothing of this one's projects whatever the id. */
export const ACTORS = [
  'anonymous',
  'talent',
  'nonMember',
  'otherOffice',
  'TS',
  'TE',
  'PE',
  'PO',
  'SA',
] as const;
export type ActorName = (typeof ACTORS)[number];

/** One project and a person in every standing towards it, each signed in. */
export interface Cast {
  project: ProjectDetail;
  people: Record<Exclude<ActorName, 'anonymous'>, SignedInUser>;
  headers(actor: ActorName): Record<string, string>;
}

export async function buildCast(app: FastifyInstance): Promise<Cast> {
  const [owner, editor, talentEditor, submitter, nonMember, superAdmin, talent] = await Promise.all([
    signedInUser(app, { firstName: 'Olivia', lastName: 'Owner' }),
    signedInUser(app, { roleCode: 'CASTING_ASSISTANT', firstName: 'Eddie', lastName: 'Editor' }),
    signedInUser(app, { roleCode: 'CASTING_ASSISTANT', firstName: 'Tess', lastName: 'Talent-Editor' }),
    signedInUser(app, { firstName: 'Sam', lastName: 'Submitter' }),
    signedInUser(app, { firstName: 'Nina', lastName: 'Outsider' }),
    signedInUser(app, { roleCode: 'SUPER_ADMIN', firstName: 'Ada', lastName: 'Admin' }),
    signedInUser(app, { roleCode: 'TALENT', firstName: 'Leo', lastName: 'Talent' }),
  ]);
  const otherOffice = await signedInUser(app, {
    firstName: 'Otto',
    lastName: 'Elsewhere',
    officeId: await createOffice('Elsewhere Casting'),
    officeRole: 'OWNER',
  });
  const project = await buildProject(owner.user);
  await addMember(project, editor.user, 'PROJECT_EDITOR');
  await addMember(project, talentEditor.user, 'TALENT_EDITOR');
  await addMember(project, submitter.user, 'TALENT_SUBMITTER');
  const people = {
    talent,
    nonMember,
    otherOffice,
    TS: submitter,
    TE: talentEditor,
    PE: editor,
    PO: owner,
    SA: superAdmin,
  };
  return {
    project,
    people,
    headers: (actor) => (actor === 'anonymous' ? {} : people[actor].auth),
  };
}

/** A new, empty office (as a stranger's sign-up makes one). */
export async function createOffice(name: string): Promise<string> {
  const { scopedDb } = await testDatabase();
  const id = randomUUID();
  await scopedDb({ owner: true, officeId: id }).insert(offices).values({ id, name });
  return id;
}
