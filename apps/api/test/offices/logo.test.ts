import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_MESSAGES } from '@casting/domain';
import { offices } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { corruptJpeg, heic } from '../media/files';
import { anyOfficeDb, auditLog, memberOf, officeWithOwner, type Member } from './fixture';

let t: TestApp;
let officeId: string;
let owner: Member;

beforeAll(async () => {
  t = await buildIdentityApp();
  ({ officeId, owner } = await officeWithOwner(t.app, 'Logo Office'));
});
afterAll(() => t.close());

function putLogo(auth: Record<string, string>, body: Buffer, contentType = 'application/octet-stream') {
  return t.app.inject({
    method: 'PUT',
    url: '/api/offices/current/logo',
    headers: { ...auth, 'content-type': contentType },
    payload: body,
  });
}

async function logoKey(): Promise<string | null> {
  const [row] = await (
    await anyOfficeDb()
  )
    .select({ logoKey: offices.logoKey })
    .from(offices)
    .where(eq(offices.id, officeId));
  return row?.logoKey ?? null;
}

/** What a browser showing `logoUrl` receives (the embedded storage's signed URL, served by the API). */
async function fetchLogo(url: string) {
  const { pathname, search } = new URL(url);
  return t.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#aa3355' } })
    .jpeg()
    .toBuffer();

describe('PUT /api/offices/current/logo', () => {
  it('stores the image at most 512 px as PNG, under a key of its own, and answers a URL the web can show', async () => {
    const res = await putLogo(owner.auth, await jpeg(1200, 800), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl } = res.json();
    expect(logoUrl).toEqual(expect.any(String));
    const key = await logoKey();
    expect(key).toMatch(new RegExp(`^offices/${officeId}/logo/`));
    const image = await fetchLogo(logoUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 341 });
    expect((await auditLog(officeId, 'office.logo-change')).at(-1)).toMatchObject({ outcome: 'success' });
  });

  it('takes a phone’s HEIC photo, judged by its content whatever its declared type, and removes the old file', async () => {
    const before = await logoKey();
    const res = await putLogo(owner.auth, heic(), 'text/plain');
    expect(res.statusCode, res.body).toBe(200);
    const after = await logoKey();
    expect(after).not.toBe(before);
    expect(await t.context.storage.head(before!)).toBeNull();
    const meta = await sharp((await fetchLogo(res.json().logoUrl)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  it('refuses what is not an accepted image, an unreadable one and one over 5 MB, changing nothing', async () => {
    const kept = await logoKey();
    const text = await putLogo(owner.auth, Buffer.from('just some words, not a picture at all'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'BAD_REQUEST', message: OFFICE_MESSAGES.logoNotAccepted });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await putLogo(owner.auth, gif)).json().message).toBe(OFFICE_MESSAGES.logoNotAccepted);
    const broken = await putLogo(owner.auth, corruptJpeg(), 'image/jpeg');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(OFFICE_MESSAGES.logoUnreadable);
    const huge = await putLogo(owner.auth, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: OFFICE_MESSAGES.logoTooLarge });
    const empty = await putLogo(owner.auth, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(await logoKey()).toBe(kept);
  });

  it('is the owner’s alone', async () => {
    const director = await memberOf(t.app, officeId, 'CASTING_DIRECTOR');
    const res = await putLogo(director.auth, await jpeg(10, 10));
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/offices/current/logo', payload: 'x' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE /api/offices/current/logo', () => {
  it('takes the logo away and its file with it', async () => {
    const key = await logoKey();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/offices/current/logo',
      headers: owner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logoUrl).toBeNull();
    expect(await logoKey()).toBeNull();
    expect(await t.context.storage.head(key!)).toBeNull();
  });
});
