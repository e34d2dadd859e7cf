import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  adminScriptRuns,
  agencies,
  agents,
  applicantAccessTokens,
  applicantRepresentatives,
  applicantTags,
  applicationConsents,
  candidateInvitations,
  chatAttachments,
  chatMessages,
  chatThreads,
  clientFeedback,
  clientLinkExports,
  clientLinkItems,
  clientLinks,
  clientLinkViewers,
  clientLinkVisits,
  downloadBundles,
  emailOptOuts,
  emailRecipients,
  emailSends,
  importJobs,
  importRows,
  mediaItems,
  mediaUploadFailures,
  people,
  personDuplicateDismissals,
  personMerges,
  personExports,
  votes,
} from '../../src/platform/db/schema';
import { buildApplicant, buildTag } from '../support/candidates';
import { eventually } from '../support/eventually';
import { buildProject, buildRole } from '../support/projects';
import { UploadClient } from '../media/client';
import { pdf, png } from '../media/files';
import { type MediaApp } from '../media/support';
import { call, put, waitForExport, type SeededPerson, type uniquePerson } from './person-data-fixture';

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
/**
 * A person of the first office in two projects with every kind of data the office can hold about them: media
 * (processed into derived files), votes, tags, notes, the project roster, a chat with an attachment, client review
 * feedback and its export, e-mail and an invitation, an import row, representation, a private link, accepted terms
 * with a guardian's consent, a download zip, a project export, a data export, a dismissed duplicate and a merge.
 */
export async function seedPersonEverywhere(
  t: MediaApp,
  who: ReturnType<typeof uniquePerson>,
): Promise<SeededPerson> {
  const db = t.ownerDb;
  const owner = t.cast.people.PO.user;
  const director = t.cast.headers('PO');
  const roleA = await buildRole(t.cast.project, { name: 'Lead' });
  const first = await buildApplicant(roleA, owner, { ...who, email: who.email, phone: who.phone });
  const [{ personId }] = (await db
    .select({ personId: people.id })
    .from(people)
    .where(eq(people.email, who.email))) as [{ personId: string }];
  const projectB = await buildProject(owner);
  const roleB = await buildRole(projectB, { name: 'Sidekick' });
  // The roster's "add to an opportunity", with an idempotency key: its kept answer names the new applicant.
  const added = await call(
    t,
    'POST',
    `/roster/people/${personId}/opportunities`,
    {
      ...t.cast.headers('SA'),
      'idempotency-key': randomUUID(),
    },
    { roleId: roleB.id },
  );
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  const applicantIds = [first.applicantId, added.body.applicantId as string];
  const submissionIds = [first.id, added.body.submissionId as string];
  const keys: string[] = [];

  // Media, processed into thumbnails and display copies by the workers.
  const staff = new UploadClient(t.origin, t.cast.headers('PE'));
  for (const [name, bytes, type] of [
    ['headshot.png', await png(), 'image/png'],
    ['resume.pdf', pdf(), 'application/pdf'],
  ] as const) {
    const res = await staff.single(
      { projectId: t.cast.project.id, applicantId: first.applicantId },
      name,
      bytes,
      type,
    );
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  }
  const media = await eventually(
    'the media is processed',
    async () => {
      const rows = await db.select().from(mediaItems).where(eq(mediaItems.applicantId, first.applicantId));
      return rows.length === 2 && rows.every((row) => row.status === 'PROCESSED') ? rows : null;
    },
    60_000,
  );
  for (const item of media) {
    keys.push(
      ...[
        item.originalKey,
        item.thumbnailKey,
        item.displayKey,
        item.posterKey,
        item.mp4Key,
        item.previewKey,
      ].filter((key): key is string => !!key),
    );
  }

  // Feedback: a vote, a project tag, an office note and tag, the project roster.
  await db.insert(votes).values({
    submissionId: first.id,
    userId: owner.id,
    projectId: t.cast.project.id,
    vote: 'UP_VOTE',
  });
  const tag = await buildTag(t.cast.project, 'Strong reader');
  await db
    .insert(applicantTags)
    .values({ applicantId: first.applicantId, tagId: tag.id, projectId: t.cast.project.id });
  await call(t, 'POST', `/roster/people/${personId}/notes`, director, {
    body: `Met ${who.firstName} in June.`,
  });
  const officeTag = await call(t, 'POST', '/roster/tags', director, {
    name: `Dancer ${randomUUID().slice(0, 4)}`,
  });
  await call(t, 'POST', `/roster/people/${personId}/tags`, director, { tagId: officeTag.body.id });
  const entry = await call(
    t,
    'POST',
    `/projects/${t.cast.project.id}/roster-management`,
    t.cast.headers('SA'),
    {
      submissionId: first.id,
      status: 'FIRST_HOLD',
      startDate: '2031-06-18',
      endDate: '2031-06-25',
      note: `Hold ${who.lastName}`,
    },
  );
  if (entry.status !== 200) throw new Error(JSON.stringify(entry.body));

  // A chat with a message of theirs and an attachment.
  const [thread] = await db
    .insert(chatThreads)
    .values({ projectId: t.cast.project.id, applicantId: first.applicantId })
    .returning();
  const [message] = await db
    .insert(chatMessages)
    .values({
      threadId: thread!.id,
      projectId: t.cast.project.id,
      authorKind: 'CANDIDATE',
      authorName: `${who.firstName} ${who.lastName}`,
      body: `Hello, this is ${who.firstName}; call me on ${who.phone}.`,
    })
    .returning();
  const attachmentKey = await put(t, `chat/${t.cast.project.id}`, `Sides for ${who.email}`, 'text/plain');
  await db.insert(chatAttachments).values({
    projectId: t.cast.project.id,
    threadId: thread!.id,
    messageId: message!.id,
    objectKey: attachmentKey,
    fileName: 'sides.txt',
    contentType: 'text/plain',
    size: 20,
  });
  keys.push(attachmentKey);

  // Client review: a link holding them, a viewer's feedback and visit, and the link's export.
  const [link] = await db
    .insert(clientLinks)
    .values({
      projectId: t.cast.project.id,
      tokenDigest: digest(randomUUID()),
      title: 'Leads for the client',
      settings: {
        showPhotos: true,
        showVideos: true,
        showDocuments: true,
        showContactDetails: false,
        showRepresentation: false,
        showTeamFeedback: false,
        allowDownload: false,
        requireIdentification: false,
      },
    })
    .returning();
  await db
    .insert(clientLinkItems)
    .values({ linkId: link!.id, submissionId: first.id, projectId: t.cast.project.id, position: 1 });
  const [viewer] = await db
    .insert(clientLinkViewers)
    .values({
      linkId: link!.id,
      projectId: t.cast.project.id,
      name: 'Carla Client',
      email: 'carla@client.test',
    })
    .returning();
  await db.insert(clientFeedback).values({
    viewerId: viewer!.id,
    submissionId: first.id,
    linkId: link!.id,
    projectId: t.cast.project.id,
    vote: 'YES',
    comment: `Love ${who.firstName}`,
  });
  await db.insert(clientLinkVisits).values({
    linkId: link!.id,
    projectId: t.cast.project.id,
    viewerId: viewer!.id,
    seenSubmissionIds: [first.id],
  });
  const csvKey = await put(t, 'client-exports', `${who.firstName},${who.lastName},YES`, 'text/csv');
  await db.insert(clientLinkExports).values({
    linkId: link!.id,
    projectId: t.cast.project.id,
    recipientEmail: 'carla@client.test',
    status: 'READY',
    csvKey,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  keys.push(csvKey);

  // E-mail addressed to them, an invitation, their opt-out.
  const [send] = await db
    .insert(emailSends)
    .values({
      projectId: t.cast.project.id,
      kind: 'INVITATION',
      subject: 'Audition',
      body: { type: 'doc', content: [] },
      senderName: 'Olivia Owner',
      replyTo: owner.email,
    })
    .returning();
  const [recipient] = await db
    .insert(emailRecipients)
    .values({
      sendId: send!.id,
      projectId: t.cast.project.id,
      submissionId: first.id,
      applicantId: first.applicantId,
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
    })
    .returning();
  await db.insert(candidateInvitations).values({
    projectId: t.cast.project.id,
    roleId: roleA.id,
    recipientId: recipient!.id,
    email: who.email,
    firstName: who.firstName,
    lastName: who.lastName,
  });
  await db.insert(emailOptOuts).values({ projectId: projectB.id, email: who.email });

  // An import that held them (its source sheet in storage), representation, a private link.
  const sheet = `first,last,email\n${who.firstName},${who.lastName},${who.email}\n`;
  const sheetKey = await put(t, `imports/${owner.id}`, sheet, 'text/csv');
  const [job] = await db
    .insert(importJobs)
    .values({
      createdById: owner.id,
      target: 'ROSTER',
      fileKey: sheetKey,
      fileName: 'people.csv',
      mapping: { firstName: 0, lastName: 1, email: 2 },
      status: 'DONE',
    })
    .returning();
  await db.insert(importRows).values([
    { jobId: job!.id, rowNumber: 1, outcome: 'EXISTING', name: `${who.firstName} ${who.lastName}` },
    {
      jobId: job!.id,
      rowNumber: 2,
      outcome: 'FAILED',
      name: '',
      reason: 'No name',
      cells: ['', '', who.email.toUpperCase()],
    },
  ]);
  keys.push(sheetKey);
  const [agency] = await db
    .insert(agencies)
    .values({ name: `Agency ${randomUUID().slice(0, 6)}`, searchText: 'agency' })
    .returning();
  const [agent] = await db
    .insert(agents)
    .values({
      agencyId: agency!.id,
      firstName: 'Andy',
      lastName: 'Agent',
      email: `andy-${randomUUID().slice(0, 6)}@agency.test`,
      searchText: 'andy',
    })
    .returning();
  await db.insert(applicantRepresentatives).values({
    projectId: t.cast.project.id,
    applicantId: first.applicantId,
    agentId: agent!.id,
    agencyId: agency!.id,
    claimTokenHash: digest(randomUUID()),
  });
  await db
    .insert(applicantAccessTokens)
    .values({ applicantId: first.applicantId, tokenHash: digest(randomUUID()) });
  await db.insert(applicationConsents).values({
    applicantId: first.applicantId,
    submissionId: first.id,
    termsVersion: 3,
    privacyVersion: 2,
    minor: true,
    guardianName: 'Gwen Guardian',
    guardianEmail: 'gwen.guardian@example.com',
    guardianConsentAt: new Date(),
  });
  await db.insert(mediaUploadFailures).values({
    projectId: t.cast.project.id,
    error: 'network',
    context: { applicantId: first.applicantId, file: 'headshot.png' },
  });

  // A likely duplicate dismissed, and an earlier record merged into them.
  const [twin] = await db
    .insert(people)
    .values({ firstName: 'Other', lastName: `Person-${randomUUID().slice(0, 6)}` })
    .returning();
  const [a, b] = [personId, twin!.id].sort() as [string, string];
  await db.insert(personDuplicateDismissals).values({ personAId: a, personBId: b });
  await db.insert(personMerges).values({
    keptPersonId: personId,
    mergedPersonId: uuidv7(),
    mergedPerson: { firstName: who.firstName, lastName: who.lastName, email: null, phone: who.phone },
  });

  // A project export made after they applied (its zip in storage).
  const exportKey = await put(t, 'admin-scripts', `project with ${who.email}`, 'application/zip');
  await db.insert(adminScriptRuns).values({
    projectId: t.cast.project.id,
    script: 'EXPORT_PROJECT',
    status: 'DONE',
    fileKey: exportKey,
    finishedAt: new Date(),
  });
  keys.push(exportKey);

  // A download zip of their media, and an export of their data, both built by the workers.
  const zip = await call(t, 'POST', '/applicants/download-zip', t.cast.headers('PE'), {
    projectId: t.cast.project.id,
    applicantIds: [first.applicantId],
  });
  const bundle = await eventually(
    'the download zip is ready',
    async () => {
      const res = await call(t, 'GET', `/downloads/${zip.body.id}`, t.cast.headers('PE'));
      return res.body.status === 'READY' ? res.body : null;
    },
    60_000,
  );
  const [stored] = await db
    .select({ key: downloadBundles.objectKey })
    .from(downloadBundles)
    .where(eq(downloadBundles.id, bundle.id as string));
  keys.push(stored!.key!);
  const asked = await call(t, 'POST', `/roster/people/${personId}/export`, director);
  if (asked.status !== 202) throw new Error(JSON.stringify(asked.body));
  await waitForExport(t, personId, asked.body.id, director);
  const [exported] = await db
    .select({ key: personExports.objectKey })
    .from(personExports)
    .where(eq(personExports.id, asked.body.id as string));
  keys.push(exported!.key);
  return {
    personId,
    applicantIds,
    submissionIds,
    projects: [
      { project: t.cast.project, role: roleA },
      { project: projectB, role: roleB },
    ],
    keys,
    exportId: asked.body.id,
  };
}
