import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AdminRun, MediaItem } from '@casting/domain';
import {
  applicants,
  applicantTags,
  chatMessages,
  chatThreads,
  folderMemberships,
  folders,
  lookupValues,
  mediaItems,
  projectAccesses,
  projects,
  roles,
  submissions,
  users,
  votes,
} from '../../src/platform/db/schema';
import { type TestApp } from '../support/app';
import { placeInFolder, buildApplicant, buildTag } from '../support/candidates';
import { testDatabase } from '../support/database';
import { createUser, signIn } from '../support/identity';
import { png } from '../media/files';
import { eventually } from '../support/eventually';
import { buildFolder, buildRole, type Cast } from '../support/projects';
import {
  buildTwoInstancesFixture,
  finished,
  lookupIn,
  pathOf,
  PROJECT_TABLES,
  readAll,
  twoInstanceCalls,
  type TwoInstancesFixture,
} from './two-instances-fixture';

// A project exported from instance A and restored into instance B, mapped to B's accounts, lookups and storage.
let a: TestApp;
let b: TestApp;
let bDatabase: TwoInstancesFixture['bDatabase'];
let cast: Cast;
let bAdmin: TwoInstancesFixture['bAdmin'];
let close: TwoInstancesFixture['close'];
const { restoreInB } = twoInstanceCalls(() => ({ b, bAdmin }));

beforeAll(async () => {
  ({ a, b, bDatabase, cast, bAdmin, close } = await buildTwoInstancesFixture());
}, 60_000);
afterAll(() => close?.());

describe('restore into another instance', () => {
  it('restores an export of instance A into instance B, mapped to B’s accounts, lookups and storage', async () => {
    const aDatabase = await testDatabase();
    // Each instance read as its owner: every office's rows.
    const aDb = aDatabase.db;
    const bDb = bDatabase.database.scopedDb({ owner: true, officeId: null });
    const stamp = Date.now();
    const project = cast.project;

    // Values this office added on A; B's office added the same names (other ids, other case), except one.
    const [equityA, typeA, onlyA] = await aDb
      .insert(lookupValues)
      .values([
        { lookup: 'union', name: `Equity ${stamp}` },
        { lookup: 'project-types', name: `Docudrama ${stamp}` },
        { lookup: 'union', name: `Guild only on A ${stamp}` },
      ])
      .returning();
    const [equityB, typeB] = await bDb
      .insert(lookupValues)
      .values([
        { lookup: 'union', name: `EQUITY ${stamp}` },
        { lookup: 'project-types', name: `docudrama ${stamp}` },
      ])
      .returning();
    await aDb.update(projects).set({ projectTypeId: typeA!.id }).where(eq(projects.id, project.id));
    const femaleA = await lookupIn(aDatabase, 'role-genders', 'Female');

    const lead = await buildRole(project, { name: 'Harbour master', genderIds: [femaleA] });
    const second = await buildRole(project, { name: 'Ferry pilot' });
    const callbacks = await buildFolder(lead, 'Callbacks');
    const tag = await buildTag(project, 'Strong swimmer');
    const names = ['Aurélie Brun', 'Bram de Vries', 'Chiara Rossi', 'Dáithí Ó Sé', 'Emeka Obi', 'Freya Lund'];
    const rows = [];
    for (const [index, name] of names.entries()) {
      const [firstName, ...rest] = name.split(' ');
      rows.push(
        await buildApplicant(index < 4 ? lead : second, cast.people.PO.user, {
          firstName: firstName!,
          lastName: rest.join(' '),
          email: `talent-${index}-${stamp}@example.com`,
          unionIds: index === 0 ? [equityA!.id, onlyA!.id] : [],
        }),
      );
    }
    for (const row of rows.slice(0, 3)) await placeInFolder(row, callbacks.id, project.id);
    await aDb
      .insert(applicantTags)
      .values(
        rows
          .slice(0, 2)
          .map((row) => ({ applicantId: row.applicantId, tagId: tag.id, projectId: project.id })),
      );
    // Votes by the editor and the talent editor (both have accounts on B by the same e-mail) and by the owner (not).
    await aDb.insert(votes).values([
      { submissionId: rows[0]!.id, userId: cast.people.PE.user.id, projectId: project.id, vote: 'UP_VOTE' },
      { submissionId: rows[1]!.id, userId: cast.people.PE.user.id, projectId: project.id, vote: 'DOWN_VOTE' },
      { submissionId: rows[0]!.id, userId: cast.people.TE.user.id, projectId: project.id, vote: 'MAYBE' },
      { submissionId: rows[2]!.id, userId: cast.people.PO.user.id, projectId: project.id, vote: 'UP_VOTE' },
    ]);
    const [thread] = await aDb
      .insert(chatThreads)
      .values({ projectId: project.id, applicantId: rows[0]!.applicantId, lastMessageAt: new Date() })
      .returning();
    await aDb.insert(chatMessages).values({
      threadId: thread!.id,
      projectId: project.id,
      authorKind: 'TEAM',
      authorName: 'Olivia Owner',
      body: 'Are you free in March?',
    });
    // Two media items with their originals in A's storage.
    const originals = [await png(12, 8), await png(8, 12)];
    for (const [index, bytes] of originals.entries()) {
      const key = a.context.storage.newKey(`PM/RoleSideDocuments/${project.id}`);
      await a.context.storage.putObject(key, bytes, 'image/png', bytes.length);
      await aDb.insert(mediaItems).values({
        projectId: project.id,
        applicantId: rows[index]!.applicantId,
        kind: 'image',
        originalKey: key,
        name: `photo-${index}.png`,
        contentType: 'image/png',
        size: bytes.length,
        status: 'PROCESSED',
      });
    }

    // B's accounts for the same people: other ids, the same e-mail. The owner has none there.
    const editorB = await createUser(
      { email: cast.people.PE.user.email, roleCode: 'CASTING_ASSISTANT' },
      bDatabase.database,
    );
    const talentEditorB = await createUser(
      { email: cast.people.TE.user.email, roleCode: 'CASTING_ASSISTANT' },
      bDatabase.database,
    );
    expect(editorB.id).not.toBe(cast.people.PE.user.id);

    // Export on A as A's super admin, and download the zip through the signed URL.
    const sa = cast.headers('SA');
    const started = await a.app.inject({
      method: 'POST',
      url: `/api/projects/admin-scripts/${project.id}/runs`,
      headers: sa,
      payload: { script: 'EXPORT_PROJECT' },
    });
    expect(started.statusCode, started.body).toBe(202);
    const exported = await finished(a, sa, started.json<AdminRun>().id);
    expect(exported.status, exported.error ?? '').toBe('DONE');
    const link = await a.app.inject({
      method: 'GET',
      url: `/api/projects/admin-scripts/runs/${exported.id}/download`,
      headers: sa,
    });
    expect(link.statusCode, link.body).toBe(200);
    const download = await a.app.inject({ method: 'GET', url: pathOf(link.json<{ url: string }>().url) });
    expect(download.statusCode).toBe(200);
    const zip = download.rawPayload;

    // Restore on B as B's super admin.
    const restored = await restoreInB(zip);
    expect(restored.status, restored.error ?? '').toBe('DONE');
    const newId = restored.projectId!;
    expect(restored.result).toMatchObject({
      opportunities: 2,
      candidates: 6,
      media: 2,
      votes: 3,
      votesWithoutAccount: 1,
    });

    // The project, owned by B's super admin, its type B's value of the same name.
    const [restoredProject] = await bDb.select().from(projects).where(eq(projects.id, newId));
    const [bAdminRow] = await bDb.select().from(users).where(eq(users.roleCode, 'SUPER_ADMIN'));
    expect(restoredProject).toMatchObject({
      name: project.name,
      ownerId: bAdminRow!.id,
      projectTypeId: typeB!.id,
    });

    // Counts equal table by table.
    for (const [name, table] of Object.entries(PROJECT_TABLES) as [string, PgTable][]) {
      const column = (table as unknown as { projectId: never }).projectId;
      const there = await bDb.select().from(table).where(eq(column, newId));
      const here = await aDb.select().from(table).where(eq(column, project.id));
      expect(there.length, name).toBe(here.length);
    }
    const restoredRoles = await bDb.select().from(roles).where(eq(roles.projectId, newId));
    expect(restoredRoles.map((role) => role.name).sort()).toEqual(['Ferry pilot', 'Harbour master']);
    const femaleB = await lookupIn(bDatabase.database, 'role-genders', 'Female');
    expect(restoredRoles.find((role) => role.name === 'Harbour master')!.genderIds).toEqual([femaleB]);
    const people = await bDb.select().from(applicants).where(eq(applicants.projectId, newId));
    expect(people.map((p) => `${p.firstName} ${p.lastName}`).sort()).toEqual([...names].sort());
    // The union B knows by name is B's value; the one B lacks is dropped.
    expect(people.find((p) => p.firstName === 'Aurélie')!.unionIds).toEqual([equityB!.id]);
    const restoredFolder = await bDb
      .select()
      .from(folders)
      .where(and(eq(folders.projectId, newId), eq(folders.name, 'Callbacks')));
    expect(restoredFolder).toHaveLength(1);
    const inCallbacks = await bDb
      .select({ email: applicants.email })
      .from(folderMemberships)
      .innerJoin(submissions, eq(submissions.id, folderMemberships.submissionId))
      .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
      .where(eq(folderMemberships.folderId, restoredFolder[0]!.id));
    expect(inCallbacks.map((row) => row.email).sort()).toEqual(
      [0, 1, 2].map((index) => `talent-${index}-${stamp}@example.com`),
    );

    // Votes belong to B's accounts of the same e-mail, on B's submissions of the same candidates.
    const restoredVotes = await bDb
      .select({ userId: votes.userId, vote: votes.vote, email: applicants.email })
      .from(votes)
      .innerJoin(submissions, eq(submissions.id, votes.submissionId))
      .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
      .where(eq(votes.projectId, newId));
    expect(restoredVotes.map((v) => `${v.userId} ${v.vote} ${v.email}`).sort()).toEqual(
      [
        `${editorB.id} UP_VOTE talent-0-${stamp}@example.com`,
        `${editorB.id} DOWN_VOTE talent-1-${stamp}@example.com`,
        `${talentEditorB.id} MAYBE talent-0-${stamp}@example.com`,
      ].sort(),
    );

    // The "votes" sort reads each row's up-vote tally: it counts B's kept votes (the owner's was dropped, nobody's
    // counted twice), so the list sorted by votes puts the one up-voted candidate first, then the others newest first.
    const tallies = await bDb
      .select({ email: applicants.email, upVotes: submissions.upVotes })
      .from(submissions)
      .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
      .where(eq(submissions.projectId, newId));
    expect(Object.fromEntries(tallies.map((row) => [row.email, row.upVotes]))).toEqual(
      Object.fromEntries(
        names.map((_, index) => [`talent-${index}-${stamp}@example.com`, index === 0 ? 1 : 0]),
      ),
    );
    const byVotes = await b.app.inject({
      method: 'GET',
      url: `/api/projects/${newId}/applicants?limit=50&sort=votes`,
      headers: bAdmin,
    });
    expect(byVotes.statusCode, byVotes.body).toBe(200);
    expect(byVotes.json<{ items: { firstName: string }[] }>().items.map((item) => item.firstName)).toEqual([
      'Aurélie',
      'Freya',
      'Emeka',
      'Dáithí',
      'Chiara',
      'Bram',
    ]);

    // The media originals are in B's storage (not A's), byte for byte.
    const media = await bDb.select().from(mediaItems).where(eq(mediaItems.projectId, newId));
    const carried = await Promise.all(
      media.map(async (item) => (await readAll(await b.context.storage.getObjectStream(item.originalKey)))!),
    );
    expect(carried.map((bytes) => bytes.toString('hex')).sort()).toEqual(
      originals.map((bytes) => bytes.toString('hex')).sort(),
    );
    for (const item of media) expect(await a.context.storage.getObjectStream(item.originalKey)).toBeNull();

    // Nothing restored points at one of A's ids: not its rows, its accounts or a lookup value B lacks.
    const aIds = new Set<string>([project.id, ...Object.values(cast.people).map((person) => person.user.id)]);
    for (const table of Object.values(PROJECT_TABLES) as PgTable[]) {
      const column = (table as unknown as { projectId: never }).projectId;
      for (const row of await aDb.select().from(table).where(eq(column, project.id))) {
        for (const value of Object.values(row)) if (typeof value === 'string') aIds.add(value);
      }
    }
    const bLookupIds = new Set(
      (await bDb.select({ id: lookupValues.id }).from(lookupValues)).map((r) => r.id),
    );
    for (const row of await aDb.select({ id: lookupValues.id }).from(lookupValues)) {
      if (!bLookupIds.has(row.id)) aIds.add(row.id);
    }
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    const restoredRows: unknown[] = [restoredProject];
    for (const table of [
      ...Object.values(PROJECT_TABLES),
      chatThreads,
      chatMessages,
      projectAccesses,
    ] as PgTable[]) {
      const column = (table as unknown as { projectId: never }).projectId;
      restoredRows.push(...(await bDb.select().from(table).where(eq(column, newId))));
    }
    const strays = (JSON.stringify(restoredRows).match(uuid) ?? []).filter((id) => aIds.has(id));
    expect(strays).toEqual([]);

    // One owner: B's super admin; A's owner (no account on B) is invited back as an editor, the others as they were.
    const team = await bDb.select().from(projectAccesses).where(eq(projectAccesses.projectId, newId));
    expect(Object.fromEntries(team.map((row) => [row.email, [row.scope, row.userId]]))).toEqual({
      [bAdminRow!.email.toLowerCase()]: ['PROJECT_OWNER', bAdminRow!.id],
      [cast.people.PO.user.email]: ['PROJECT_EDITOR', null],
      [cast.people.PE.user.email]: ['PROJECT_EDITOR', null],
      [cast.people.TE.user.email]: ['TALENT_EDITOR', null],
      [cast.people.TS.user.email]: ['TALENT_SUBMITTER', null],
    });

    // The team came back by e-mail: B's editor sees the restored candidates through B's API.
    const editorAuth = (await signIn(b.app, editorB)).auth;
    const listed = await b.app.inject({
      method: 'GET',
      url: `/api/projects/${newId}/applicants?limit=50`,
      headers: editorAuth,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ items: unknown[] }>().items).toHaveLength(6);
    // ...and the first candidate's photo, converted afresh by B's worker, through B's own signed URLs.
    const aurelie = people.find((p) => p.firstName === 'Aurélie')!;
    const photo = await eventually(
      'the photo is served by the other instance',
      async () => {
        const res = await b.app.inject({
          method: 'GET',
          url: `/api/applicants/${aurelie.id}/media?projectId=${newId}`,
          headers: editorAuth,
        });
        expect(res.statusCode, res.body).toBe(200);
        const [item] = res.json<{ items: MediaItem[] }>().items;
        return item?.status === 'PROCESSED' ? item : null;
      },
      30_000,
    );
    expect(photo).toMatchObject({ name: 'photo-0.png', width: 12, height: 8 });
    const viewed = await b.app.inject({ method: 'GET', url: pathOf(photo.url) });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.rawPayload.equals(originals[0]!)).toBe(true);
    expect((await b.app.inject({ method: 'GET', url: pathOf(photo.thumbnailUrl!) })).statusCode).toBe(200);

    // A second restore of the same export makes a second, separate project (a restore never overwrites).
    const again = await restoreInB(zip);
    expect(again.status, again.error ?? '').toBe('DONE');
    expect(again.projectId).not.toBe(newId);
    const twins = await bDb
      .select({ id: projects.id })
      .from(projects)
      .where(inArray(projects.id, [newId, again.projectId!]));
    expect(twins).toHaveLength(2);
    expect(await bDb.select().from(applicants).where(eq(applicants.projectId, newId))).toHaveLength(6);
    expect(
      await bDb.select().from(applicants).where(eq(applicants.projectId, again.projectId!)),
    ).toHaveLength(6);
  });
});
