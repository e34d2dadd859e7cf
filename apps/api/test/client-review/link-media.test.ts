import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaItems } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';

/**
 * What a client-link viewer's media addresses point at. An original photo or video keeps the camera's metadata (GPS
 * location, device): viewers get it only where the link allows downloads, else the converted rendition (written
 * without metadata), and an item with none yet is left out.
 */
let t: TestApp;
let cast: Cast;
let row: { id: string; applicantId: string };
const keys = {
  photo: '',
  photoDisplay: '',
  photoThumb: '',
  video: '',
  videoMp4: '',
  pending: '',
};

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  const role = await buildRole(cast.project);
  row = await buildApplicant(role, cast.people.PO.user, { firstName: 'Gina' });
  const { db } = await testDatabase();
  const original = () => `PM/RoleSideDocuments/${cast.project.id}/${randomUUID()}`;
  const base = {
    projectId: cast.project.id,
    applicantId: row.applicantId,
    size: 10,
    visibility: 'ALL' as const,
  };
  const photo = randomUUID();
  const video = randomUUID();
  Object.assign(keys, {
    photo: original(),
    photoDisplay: `derived/${photo}/display.webp`,
    photoThumb: `derived/${photo}/thumb.webp`,
    video: original(),
    videoMp4: `derived/${video}/video.mp4`,
    pending: original(),
  });
  const rows: (typeof mediaItems.$inferInsert)[] = [
    {
      ...base,
      id: photo,
      kind: 'image',
      name: 'holiday.jpg',
      contentType: 'image/jpeg',
      originalKey: keys.photo,
      displayKey: keys.photoDisplay,
      thumbnailKey: keys.photoThumb,
      status: 'PROCESSED',
      isPrimaryPhoto: true,
    },
    {
      ...base,
      id: video,
      kind: 'video',
      name: 'tape.mov',
      contentType: 'video/quicktime',
      originalKey: keys.video,
      mp4Key: keys.videoMp4,
      status: 'PROCESSED',
    },
    {
      ...base,
      kind: 'image',
      name: 'not-converted-yet.jpg',
      contentType: 'image/jpeg',
      originalKey: keys.pending,
      status: 'PENDING',
    },
  ];
  await db.insert(mediaItems).values(rows);
});
afterAll(() => t.close());

async function linkMedia(allowDownload: boolean) {
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/v2/projects/${cast.project.id}/client-links`,
    headers: cast.headers('PO'),
    payload: {
      title: 'Selects',
      submissionIds: [row.id],
      settings: { requireIdentification: false, allowDownload },
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const secret = made.json().clientLink as string;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${cast.project.id}/applicants/${secret}/${row.id}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    primaryPhotoUrl: string | null;
    media: { name: string; url: string; downloadUrl: string | null }[];
  };
  return body;
}

/** Which stored object a signed URL reads (its path ends with the key). */
const pointsAt = (url: string | null, key: string) =>
  url !== null && decodeURIComponent(new URL(url, 'http://x').pathname).endsWith(key);

describe('client-link media', () => {
  it('serves only the converted renditions when downloads are off, never an original', async () => {
    const body = await linkMedia(false);
    expect(body.media.map((item) => item.name).sort()).toEqual(['holiday.jpg', 'tape.mov']);
    const photo = body.media.find((item) => item.name === 'holiday.jpg');
    const video = body.media.find((item) => item.name === 'tape.mov');
    expect(pointsAt(photo!.url, keys.photoDisplay)).toBe(true);
    expect(pointsAt(video!.url, keys.videoMp4)).toBe(true);
    expect(photo!.downloadUrl).toBeNull();
    expect(video!.downloadUrl).toBeNull();
    const everything = JSON.stringify(body);
    for (const key of [keys.photo, keys.video, keys.pending])
      expect(everything).not.toContain(encodeURIComponent(key).slice(-36));
    expect(pointsAt(body.primaryPhotoUrl, keys.photoThumb)).toBe(true);
  });

  it('serves the originals where the link allows downloads', async () => {
    const body = await linkMedia(true);
    const urls = Object.fromEntries(body.media.map((item) => [item.name, item.url]));
    expect(Object.keys(urls).sort()).toEqual(['holiday.jpg', 'not-converted-yet.jpg', 'tape.mov']);
    expect(pointsAt(urls['holiday.jpg']!, keys.photo)).toBe(true);
    expect(pointsAt(urls['tape.mov']!, keys.video)).toBe(true);
    expect(pointsAt(urls['not-converted-yet.jpg']!, keys.pending)).toBe(true);
    expect(body.media.every((item) => item.downloadUrl !== null)).toBe(true);
  });
});
