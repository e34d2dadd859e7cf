import type { Logger } from 'pino';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { buildTestApp, type TestApp } from '../support/app';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { buildCast, buildRole, type Cast } from '../support/projects';

export interface MediaApp extends TestApp {
  origin: string;
  cast: Cast;
  /**
   * A new candidate of the project's opportunity, also in a submitter folder (default TS_FOR_REVIEW, where a talent
   * submitter may add and delete media); `null` for none.
   */
  applicant(submitterFolder?: string | null): Promise<{ applicantId: string }>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** An s3rver on loopback, for the app's storage port (S3 adapter) to talk to. */
export async function startS3rver() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-media-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'casting-media' }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: 'casting-media',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The real app listening on a loopback port that is also its PUBLIC_URL, so the signed file URLs it hands out can be
 * fetched as a browser would; optional S3 storage (s3rver) and embedded job workers.
 */
export async function buildMediaApp(
  options: { env?: Record<string, string>; runWorkers?: boolean; log?: Logger } = {},
): Promise<MediaApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({
    env: { PUBLIC_URL: origin, ...options.env },
    runWorkers: options.runWorkers ?? false,
    ...(options.log ? { log: options.log } : {}),
  });
  await t.app.listen({ host: '127.0.0.1', port });
  const cast = await buildCast(t.app);
  const role = await buildRole(cast.project);
  return {
    ...t,
    origin,
    cast,
    async applicant(submitterFolder: string | null = 'TS_FOR_REVIEW') {
      const row = await buildApplicant(role, cast.people.PO.user, { firstName: 'Maya', lastName: 'Lopez' });
      if (submitterFolder)
        await placeInFolder(row, await systemFolder(role, submitterFolder), role.projectId);
      return { applicantId: row.applicantId };
    },
  };
}

export const CSRF = { 'x-requested-with': 'casting-web' } as const;
