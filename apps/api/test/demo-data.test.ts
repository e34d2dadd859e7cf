import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/bootstrap/demo-data';
import {
  applicants,
  applicantTags,
  folders,
  lookupValues,
  projectAccesses,
  projects,
  roles,
  submissions,
  users,
  votes,
} from '../src/platform/db/schema';
import { testDatabase } from './support/database';

describe('demo data', () => {
  it('loads a casting office: projects with opportunities, folders, team and lookup values', async () => {
    const { db } = await testDatabase();
    await loadDemoData(db, pino({ level: 'silent' }), `missing-${randomUUID()}@example.com`);

    // UUIDv7 ids sort by creation, so the newest row is the one this load made.
    const [harbor] = await db
      .select()
      .from(projects)
      .where(eq(projects.name, 'Harbor Lights — Season 1'))
      .orderBy(desc(projects.id))
      .limit(1);
    expect(harbor?.name).toBe('Harbor Lights — Season 1');
    expect(harbor?.collectRepresentativeInfo).toBe(true);
    expect(harbor?.regionIds).toHaveLength(2);

    const [type] = await db.select().from(lookupValues).where(eq(lookupValues.id, harbor!.projectTypeId!));
    expect(type).toMatchObject({ lookup: 'project-types', name: 'Television Series' });

    const harborRoles = await db
      .select()
      .from(roles)
      .where(eq(roles.projectId, harbor!.id))
      .orderBy(asc(roles.position));
    expect(harborRoles.map((role) => role.name)).toEqual(['Maya Torres', 'Sam Reyes', 'Bartender']);

    // A few hundred generated candidates, some of them submitted to two opportunities as one person.
    const harborSubmissions = await db
      .select()
      .from(submissions)
      .where(eq(submissions.projectId, harbor!.id));
    const harborPeople = await db.select().from(applicants).where(eq(applicants.projectId, harbor!.id));
    expect(harborSubmissions).toHaveLength(270);
    expect(harborPeople.length).toBeGreaterThan(200);
    expect(harborPeople.length).toBeLessThan(harborSubmissions.length);
    // The team's votes and tags: the reviewed candidates in Selects carry the owner's up vote, which the list's
    // "votes" order counts; about half the people have tags.
    const harborVotes = await db.select().from(votes).where(eq(votes.projectId, harbor!.id));
    expect(harborVotes.length).toBeGreaterThan(100);
    expect(new Set(harborVotes.map((vote) => vote.userId)).size).toBeGreaterThan(1);
    expect(harborSubmissions.some((row) => row.upVotes > 0)).toBe(true);
    const harborTags = await db.select().from(applicantTags).where(eq(applicantTags.projectId, harbor!.id));
    expect(new Set(harborTags.map((link) => link.applicantId)).size).toBeGreaterThan(harborPeople.length / 4);

    const maya = harborRoles[0]!;
    const mayaFolders = await db.select().from(folders).where(eq(folders.roleId, maya.id));
    expect(mayaFolders.filter((folder) => folder.systemAlias !== null)).toHaveLength(14);
    expect(mayaFolders.filter((folder) => folder.systemAlias === null).map((f) => f.name)).toEqual([
      'Callback Day 1',
      'Network Test',
    ]);
    const customOnly = await db
      .select()
      .from(folders)
      .where(and(eq(folders.roleId, harborRoles[1]!.id), isNull(folders.systemAlias)));
    expect(customOnly).toHaveLength(0);

    const team = await db
      .select({ scope: projectAccesses.scope, email: users.email })
      .from(projectAccesses)
      .innerJoin(users, eq(users.id, projectAccesses.userId))
      .where(eq(projectAccesses.projectId, harbor!.id));
    expect(team).toEqual(
      expect.arrayContaining([
        { scope: 'PROJECT_OWNER', email: 'dana.whitfield@northlight-casting.example' },
        { scope: 'TALENT_EDITOR', email: 'marcus.oyelaran@northlight-casting.example' },
      ]),
    );
    const demoTalent = await db.select().from(users).where(eq(users.email, 'leo.castellanos@example.com'));
    expect(demoTalent[0]?.roleCode).toBe('TALENT');
    expect(demoTalent[0]?.passwordHash).toBeNull();
  });
});
