import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_SCRIPT_MESSAGES, type AdminRun } from '@casting/domain';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { searchFold } from '@casting/domain';
import {
  agencies,
  agents,
  applicantRepresentatives,
  applicants,
  applicantTags,
  chatMessages,
  chatThreads,
  clientFeedback,
  clientLinkItems,
  clientLinks,
  clientLinkViewers,
  emailTemplates,
  folders,
  rosterEntries,
  rosterEvents,
  submissions,
  folderMemberships,
  lookupValues,
  mediaItems,
  projectAccesses,
  projects,
  roles,
  votes,
} from '../../src/platform/db/schema';
import { buildApplicant, buildTag } from '../support/candidates';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { adminScriptCalls, buildAdminScriptsFixture } from './admin-scripts-fixture';

// The admin script that exports a project with its media, and the restore of that export as a new project.
let t: TestApp;
let cast: Cast;
const { sa, run, finished } = adminScriptCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast } = await buildAdminScriptsFixture());
});
afterAll(() => t.close());

describe('admin scripts', () => {
  it('exports a project with its media and restores it as a new project', async () => {
    const source = await buildCast(t.app);
    const role = await buildRole(source.project, { name: 'Lighthouse keeper' });
    const row = await buildApplicant(role, source.people.PO.user, {
      firstName: 'Séverine',
      lastName: 'Nørgaard',
      email: `severine-${Date.now()}@example.com`,
    });
    const tag = await buildTag(source.project, 'Strong swimmer');
    const { db } = await testDatabase();
    await db
      .insert(applicantTags)
      .values({ applicantId: row.applicantId, tagId: tag.id, projectId: source.project.id });
    await db.insert(votes).values({
      submissionId: row.id,
      userId: source.people.PE.user.id,
      projectId: source.project.id,
      vote: 'UP_VOTE',
    });
    const original = Buffer.from('not really a jpeg, but bytes to carry');
    const key = t.context.storage.newKey(`PM/RoleSideDocuments/${source.project.id}`);
    await t.context.storage.putObject(key, original, 'image/jpeg', original.length);
    await db.insert(mediaItems).values({
      projectId: source.project.id,
      applicantId: row.applicantId,
      kind: 'image',
      originalKey: key,
      name: 'headshot.jpg',
      contentType: 'image/jpeg',
      size: original.length,
      status: 'PROCESSED',
    });

    // What else makes the project the same project: its representation and who submitted the candidate, the roster,
    // the chat, the e-mail templates, and a client review link with its feedback.
    const stamp = Date.now();
    const [agency] = await db
      .insert(agencies)
      .values({ name: `Tidewater Talent ${stamp}`, searchText: searchFold(`Tidewater Talent ${stamp}`) })
      .returning();
    const agentEmail = `rep-${stamp}@example.com`;
    const [agent] = await db
      .insert(agents)
      .values({
        agencyId: agency!.id,
        firstName: 'Morwenna',
        lastName: 'Quill',
        email: agentEmail,
        searchText: searchFold(`Morwenna Quill ${agentEmail}`),
      })
      .returning();
    await db.update(submissions).set({ referringAgentId: agent!.id }).where(eq(submissions.id, row.id));
    await db.insert(applicantRepresentatives).values({
      projectId: source.project.id,
      applicantId: row.applicantId,
      agentId: agent!.id,
      agencyId: agency!.id,
      status: 'CONFIRMED',
      claimTokenHash: 'a'.repeat(64),
    });
    const [entry] = await db
      .insert(rosterEntries)
      .values({
        projectId: source.project.id,
        submissionId: row.id,
        applicantId: row.applicantId,
        roleId: role.id,
        status: 'FIRST_HOLD',
        startDate: '2027-03-01',
        rate: '$1,200/day',
      })
      .returning();
    await db.insert(rosterEvents).values({
      entryId: entry!.id,
      projectId: source.project.id,
      status: 'FIRST_HOLD',
      startDate: '2027-03-01',
    });
    const [thread] = await db
      .insert(chatThreads)
      .values({ projectId: source.project.id, applicantId: row.applicantId, lastMessageAt: new Date() })
      .returning();
    await db.insert(chatMessages).values({
      threadId: thread!.id,
      projectId: source.project.id,
      authorKind: 'TEAM',
      authorName: 'Pat Owner',
      body: 'Can you swim in cold water?',
    });
    await db.insert(emailTemplates).values({
      projectId: source.project.id,
      name: 'Callback',
      subject: 'Your callback',
      body: { type: 'doc', content: [] } as never,
    });
    const [folder] = await db.select().from(folders).where(eq(folders.projectId, source.project.id)).limit(1);
    const [clientLink] = await db
      .insert(clientLinks)
      .values({
        projectId: source.project.id,
        tokenDigest: `digest-${stamp}`,
        title: 'Shortlist for the network',
        settings: {
          showPhotos: true,
          showVideos: true,
          showDocuments: true,
          showContactDetails: false,
          showRepresentation: true,
          showTeamFeedback: false,
          allowDownload: false,
          requireIdentification: true,
        },
        folderIds: [folder!.id],
      })
      .returning();
    await db.insert(clientLinkItems).values({
      linkId: clientLink!.id,
      submissionId: row.id,
      projectId: source.project.id,
      folderId: folder!.id,
      position: 0,
    });
    const [viewer] = await db
      .insert(clientLinkViewers)
      .values({
        linkId: clientLink!.id,
        projectId: source.project.id,
        name: 'Network exec',
        email: `exec-${stamp}@example.com`,
        sessionDigest: `session-${stamp}`,
        verifiedAt: new Date(),
      })
      .returning();
    await db.insert(clientFeedback).values({
      viewerId: viewer!.id,
      submissionId: row.id,
      linkId: clientLink!.id,
      projectId: source.project.id,
      vote: 'YES',
      comment: 'Perfect for the part',
    });

    // A project type this office added: on another instance the same type has another id.
    const typeName = `Docudrama ${Date.now()}`;
    const [type] = await db
      .insert(lookupValues)
      .values({ lookup: 'project-types', name: typeName })
      .returning();
    await db.update(projects).set({ projectTypeId: type!.id }).where(eq(projects.id, source.project.id));

    const exported = await run(source.project.id, { script: 'EXPORT_PROJECT' });
    // The other instance: the same type under another id.
    await db.delete(lookupValues).where(eq(lookupValues.id, type!.id));
    const [there] = await db
      .insert(lookupValues)
      .values({ lookup: 'project-types', name: typeName.toUpperCase() })
      .returning();
    expect(exported).toMatchObject({
      status: 'DONE',
      result: { opportunities: 1, candidates: 1, media: 1, votes: 1 },
    });
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/projects/admin-scripts/runs/${exported.id}/download`,
      headers: sa(),
    });
    expect(link.statusCode, link.body).toBe(200);
    const zip = await t.app.inject({
      method: 'GET',
      url:
        new URL(link.json().url, 'http://localhost').pathname +
        new URL(link.json().url, 'http://localhost').search,
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const restoring = await t.app.inject({
      method: 'PUT',
      url: '/api/projects/admin-scripts/restore?name=export.zip',
      headers: { ...sa(), 'content-type': 'application/zip' },
      payload: zip.rawPayload,
    });
    expect(restoring.statusCode, restoring.body).toBe(202);
    const restored = await finished(restoring.json<AdminRun>().id);
    expect(restored.status, restored.error ?? '').toBe('DONE');
    const newId = restored.projectId!;
    expect(newId).not.toBe(source.project.id);
    expect(restored.result).toMatchObject({ opportunities: 1, candidates: 1, media: 1, votes: 1 });

    const [project] = await db.select().from(projects).where(eq(projects.id, newId));
    expect(project).toMatchObject({
      name: source.project.name,
      ownerId: cast.people.SA.user.id,
      projectTypeId: there!.id,
    });
    expect((await db.select().from(roles).where(eq(roles.projectId, newId))).map((r) => r.name)).toEqual([
      'Lighthouse keeper',
    ]);
    const people = await db.select().from(applicants).where(eq(applicants.projectId, newId));
    expect(people.map((p) => `${p.firstName} ${p.lastName}`)).toEqual(['Séverine Nørgaard']);
    expect(people[0]!.id).not.toBe(row.applicantId);
    expect(
      await db.select().from(folderMemberships).where(eq(folderMemberships.projectId, newId)),
    ).toHaveLength(1);
    expect(await db.select().from(applicantTags).where(eq(applicantTags.projectId, newId))).toHaveLength(1);
    const [media] = await db.select().from(mediaItems).where(eq(mediaItems.projectId, newId));
    expect(media!.originalKey).not.toBe(key);
    const stored = await t.context.storage.getObjectStream(media!.originalKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(original)).toBe(true);
    const team = await db.select().from(projectAccesses).where(eq(projectAccesses.projectId, newId));
    expect(team.find((m) => m.email === source.people.PE.user.email.toLowerCase())?.scope).toBe(
      'PROJECT_EDITOR',
    );

    // The representation and the submitting agent point at the same agent (found here by e-mail); its claim secret
    // is new.
    const [restoredSubmission] = await db.select().from(submissions).where(eq(submissions.projectId, newId));
    expect(restoredSubmission!.referringAgentId).toBe(agent!.id);
    const reps = await db
      .select()
      .from(applicantRepresentatives)
      .where(eq(applicantRepresentatives.projectId, newId));
    expect(reps).toHaveLength(1);
    expect(reps[0]).toMatchObject({
      applicantId: people[0]!.id,
      agentId: agent!.id,
      agencyId: agency!.id,
      status: 'CONFIRMED',
    });
    expect(reps[0]!.claimTokenHash).not.toBe('a'.repeat(64));
    const [restoredEntry] = await db.select().from(rosterEntries).where(eq(rosterEntries.projectId, newId));
    expect(restoredEntry).toMatchObject({
      submissionId: restoredSubmission!.id,
      applicantId: people[0]!.id,
      status: 'FIRST_HOLD',
      startDate: '2027-03-01',
      rate: '$1,200/day',
    });
    const events = await db.select().from(rosterEvents).where(eq(rosterEvents.projectId, newId));
    expect(events.map((event) => event.entryId)).toEqual([restoredEntry!.id]);
    const [restoredThread] = await db.select().from(chatThreads).where(eq(chatThreads.projectId, newId));
    expect(restoredThread!.applicantId).toBe(people[0]!.id);
    const messages = await db.select().from(chatMessages).where(eq(chatMessages.projectId, newId));
    expect(messages.map((m) => [m.threadId, m.body])).toEqual([
      [restoredThread!.id, 'Can you swim in cold water?'],
    ]);
    const templates = await db.select().from(emailTemplates).where(eq(emailTemplates.projectId, newId));
    expect(templates.map((tpl) => tpl.name)).toContain('Callback');
    const [restoredLink] = await db.select().from(clientLinks).where(eq(clientLinks.projectId, newId));
    const [restoredFolder] = await db
      .select()
      .from(folders)
      .where(and(eq(folders.projectId, newId), eq(folders.name, folder!.name)));
    expect(restoredLink).toMatchObject({
      title: 'Shortlist for the network',
      folderIds: [restoredFolder!.id],
    });
    // The link's secret never works twice: revoked, under a digest nobody holds.
    expect(restoredLink!.tokenDigest).not.toBe(`digest-${stamp}`);
    expect(restoredLink!.revokedAt).not.toBeNull();
    expect(
      await db.select().from(clientLinkItems).where(eq(clientLinkItems.linkId, restoredLink!.id)),
    ).toMatchObject([{ submissionId: restoredSubmission!.id, folderId: restoredFolder!.id, position: 0 }]);
    const [restoredViewer] = await db
      .select()
      .from(clientLinkViewers)
      .where(eq(clientLinkViewers.linkId, restoredLink!.id));
    expect(restoredViewer).toMatchObject({ name: 'Network exec', sessionDigest: null });
    expect(await db.select().from(clientFeedback).where(eq(clientFeedback.projectId, newId))).toMatchObject([
      {
        viewerId: restoredViewer!.id,
        submissionId: restoredSubmission!.id,
        vote: 'YES',
        comment: 'Perfect for the part',
      },
    ]);
    expect(restored.result).toMatchObject({
      representations: 1,
      rosterEntries: 1,
      chatMessages: 1,
      clientLinks: 1,
      clientFeedback: 1,
    });

    // Restored on an instance that does not know the agent: the agent and agency are made there from the export.
    await db.delete(agents).where(eq(agents.id, agent!.id));
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/projects/admin-scripts/restore?name=export.zip',
      headers: { ...sa(), 'content-type': 'application/zip' },
      payload: zip.rawPayload,
    });
    const second = await finished(again.json<AdminRun>().id);
    expect(second.status, second.error ?? '').toBe('DONE');
    const [made] = await db.select().from(agents).where(eq(agents.email, agentEmail));
    expect(made).toMatchObject({ firstName: 'Morwenna', lastName: 'Quill' });
    const [madeAgency] = await db.select().from(agencies).where(eq(agencies.id, made!.agencyId));
    expect(madeAgency!.name).toBe(`Tidewater Talent ${stamp}`);
    const [secondSubmission] = await db
      .select()
      .from(submissions)
      .where(eq(submissions.projectId, second.projectId!));
    expect(secondSubmission!.referringAgentId).toBe(made!.id);

    const junk = await t.app.inject({
      method: 'PUT',
      url: '/api/projects/admin-scripts/restore',
      headers: { ...sa(), 'content-type': 'application/zip' },
      payload: Buffer.from('PK\u0003\u0004 garbage'),
    });
    expect(await finished(junk.json<AdminRun>().id)).toMatchObject({
      status: 'FAILED',
      error: ADMIN_SCRIPT_MESSAGES.notAnExport,
    });
  });
});
