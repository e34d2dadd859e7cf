import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { addApplicantSchema } from '@casting/domain';
import { firstOfficeId } from '../../src/bootstrap/first-office';
import { addApplicant } from '../../src/modules/candidates';
import { createRole } from '../../src/modules/opportunities/service';
import { createProject } from '../../src/modules/projects/services/project-service';
import type { Database } from '../../src/platform/db/client';
import { rowsOf } from '../../src/platform/db/rows';
import { mediaItems, mediaUploads, users } from '../../src/platform/db/schema';
import type { Principal } from '../../src/platform/http/access';
import { LocalStorage } from '../../src/platform/storage/local-storage';
import { readAll } from '../storage/contract-support';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function localStorageAt(root: string) {
  return new LocalStorage({ root, secret: randomBytes(32), baseUrl: 'http://127.0.0.1' });
}

/**
 * Two candidates of one project with what uploads and processing leave in storage: a photo with its thumbnail and
 * display copy, a document with its preview, a video uploaded in parts (a multipart object is a folder of parts on
 * disk) with its poster, and an upload not yet attached. Answers every stored key with the SHA-256 of its bytes.
 */
export async function seedCandidates(database: Database, filesRoot: string) {
  const storage = localStorageAt(filesRoot);
  const officeId = await firstOfficeId(database.db);
  const db = database.scopedDb({ owner: true, officeId });
  const [owner] = await db
    .insert(users)
    .values({
      email: `owner-${randomUUID()}@example.com`,
      firstName: 'Olive',
      lastName: 'Owner',
      roleCode: 'CASTING_DIRECTOR',
    })
    .returning();
  const principal: Principal = {
    userId: owner!.id,
    sessionId: randomUUID(),
    roleCode: 'CASTING_DIRECTOR',
    accountRole: 'ADMIN',
    otpRequired: false,
    otpEnabled: false,
    mustChangePassword: false,
    officeId,
    officeRole: 'OWNER',
  };
  const project = await createProject(db, principal, { name: `Kept ${randomUUID().slice(0, 6)}` });
  const role = await createRole(db, project.id, { name: 'Lead' });
  const stored = new Map<string, string>();
  const store = async (key: string, bytes = randomBytes(2000 + stored.size)) => {
    await storage.putObject(key, bytes, 'application/octet-stream');
    stored.set(key, sha256(bytes));
    return key;
  };
  for (const lastName of ['Keeper', 'Holder']) {
    const added = await addApplicant(
      db,
      owner!.id,
      addApplicantSchema.parse({ projectId: project.id, roleId: role.id, firstName: 'Casey', lastName }),
    );
    const base = `uploads/${project.id}/${randomUUID()}`;
    const item = {
      projectId: project.id,
      applicantId: added.applicantId,
      status: 'PROCESSED' as const,
      size: 2000,
    };
    await db.insert(mediaItems).values([
      {
        ...item,
        kind: 'image',
        name: 'headshot.jpg',
        contentType: 'image/jpeg',
        originalKey: await store(`${base}-photo.jpg`),
        thumbnailKey: await store(`${base}-photo-thumb.webp`),
        displayKey: await store(`${base}-photo-display.webp`),
      },
      {
        ...item,
        kind: 'document',
        name: 'resume.pdf',
        contentType: 'application/pdf',
        originalKey: await store(`${base}-resume.pdf`),
        previewKey: await store(`${base}-resume-preview.webp`),
      },
    ]);
    // A video that arrived in two parts: on disk a folder of its parts, not one file.
    const videoKey = `${base}-tape.mov`;
    const uploadId = await storage.createMultipart(videoKey, 'video/quicktime');
    const parts = [randomBytes(5 * 1024 * 1024), randomBytes(777)];
    const etags = [];
    for (const [index, body] of parts.entries()) {
      etags.push(await storage.disk.writePart(videoKey, uploadId, index + 1, Readable.from([body])));
    }
    await storage.completeMultipart(
      videoKey,
      uploadId,
      etags.map((part) => ({ partNumber: part.partNumber, etag: part.etag })),
    );
    stored.set(videoKey, sha256(Buffer.concat(parts)));
    await db.insert(mediaItems).values({
      ...item,
      kind: 'video',
      name: 'tape.mov',
      contentType: 'video/quicktime',
      originalKey: videoKey,
      posterKey: await store(`${base}-tape-poster.jpg`),
    });
    await db.insert(mediaUploads).values({
      projectId: project.id,
      applicantId: added.applicantId,
      objectKey: await store(`${base}-pending.jpg`),
      fileName: 'pending.jpg',
      declaredType: 'image/jpeg',
      declaredSize: 2000,
      state: 'COMPLETED',
    });
  }
  return stored;
}

/** Every stored key the candidates' rows name, read back from the storage with the SHA-256 of its bytes. */
export async function readCandidateFiles(database: Database, filesRoot: string) {
  const storage = localStorageAt(filesRoot);
  const db = database.scopedDb({ owner: true, officeId: await firstOfficeId(database.db) });
  const keys = rowsOf<{ key: string }>(
    await db.execute(sql`
      select unnest(array[original_key, thumbnail_key, display_key, poster_key, mp4_key, preview_key]) as key
        from media_items
      union all
      select object_key from media_uploads`),
  )
    .map((row) => row.key)
    .filter(Boolean);
  const found = new Map<string, string | null>();
  for (const key of keys) {
    const stream = await storage.getObjectStream(key);
    found.set(key, stream ? sha256(await readAll(stream)) : null);
  }
  return found;
}
