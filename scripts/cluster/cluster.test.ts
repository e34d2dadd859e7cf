import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster';
import { freshDatabase } from './database';
import {
  call,
  connectLive,
  directorWithOffice,
  smallVideo,
  uploadUnderGrant,
  type LiveClient,
} from './journey';

// The main journey through `npm run cluster`'s layout (the same startCluster): two API processes and a worker on one
// PostgreSQL and one S3 protocol server, behind the round-robin balancer. Needs the build (`npm run build`) and a
// PostgreSQL server: TEST_DATABASE_URL, else the local one.
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WAIT_MS = 30_000;

let cluster: Cluster;
let database: { url: string; drop(): Promise<void> };
let dataDir: string;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  database = await freshDatabase(
    SERVER_URL,
    `casting_cluster_test_${process.pid}_${randomBytes(3).toString('hex')}`,
  );
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-cluster-'));
  cluster = await startCluster({
    databaseUrl: database.url,
    dataDir,
    port: 0,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      // The worker looks for new jobs twice a second instead of every two seconds: the journey waits on two of them.
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
    },
    forwardOutput: false,
  });
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.stop();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the cluster', () => {
  it('walks the main journey across instances: apply with a video on A, processed by the worker, seen live on B, voted, shown on a client link', async () => {
    const lb = cluster.url;
    const [instanceA, instanceB] = cluster.instances as [string, string];

    // A director signs up with an office of their own and opens an opportunity with a submission link.
    const email = `director-${randomBytes(4).toString('hex')}@cluster.test`;
    const token = await directorWithOffice(lb, instanceA, email);
    const project = await call<{ id: string }>(lb, 'POST', '/v2/projects', {
      token,
      body: { name: 'Harbour Lights' },
    });
    expect(project.status).toBe(201);
    const projectId = project.body.id;
    const role = await call<{ id: string }>(lb, 'POST', `/v2/projects/${projectId}/roles`, {
      token,
      body: { name: 'Lighthouse keeper' },
    });
    expect(role.status).toBe(201);
    const links = await call<{ link: string }[]>(lb, 'POST', `/v2/projects/${projectId}/share-links`, {
      token,
      body: { title: 'Self-tapes', roleIds: [role.body.id] },
    });
    expect(links.status).toBe(201);
    const linkToken = links.body[0]!.link.split('/').at(-1)!;

    // The reviewer's live channel is on instance B, joined to the project before anything arrives; the director's
    // page has one through the balancer (a websocket upgrade it carries).
    const reviewer = await connectLive(instanceB, token, lb);
    const director = await connectLive(lb, token, lb);
    sockets.push(reviewer, director);
    for (const socket of [reviewer, director]) {
      socket.send({ projectId, action: 'joinProject' });
      expect(await socket.next((m) => m.action === 'joined', 'the join', WAIT_MS)).toEqual({
        action: 'joined',
        projectId,
      });
    }

    // The talent opens the link and applies with a video, all through instance A.
    const resolved = await call<{ uploadGrant: string }>(
      instanceA,
      'GET',
      `/v2/share-links/resolve?token=${linkToken}`,
    );
    expect(resolved.status).toBe(200);
    const video = smallVideo();
    const key = await uploadUnderGrant(instanceA, resolved.body.uploadGrant, 'selftape.mp4', video);
    const talentEmail = `talent-${randomBytes(4).toString('hex')}@cluster.test`;
    const applied = await call<{ applicantId: string; submissionId: string }>(
      instanceA,
      'POST',
      '/v2/applicants/standalone',
      {
        body: {
          token: linkToken,
          firstName: 'Ines',
          lastName: 'Okafor',
          email: talentEmail,
          phone: '+12025550177',
          acceptTerms: true,
          uploads: [{ key, name: 'selftape.mp4' }],
          uploadGrant: resolved.body.uploadGrant,
        },
      },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const { applicantId, submissionId } = applied.body;

    // B's socket hears of the new candidate (raised on A), then of the video the worker (a third process) converted.
    expect(
      await reviewer.next(
        (m) => m.action === 'update' && m.event === 'APPLICANTS_UPDATED',
        'the new candidate',
        WAIT_MS,
      ),
    ).toEqual({
      action: 'update',
      projectId,
      event: 'APPLICANTS_UPDATED',
      payload: { kind: 'ADD', count: 1, roleId: role.body.id },
    });
    await director.next(
      (m) => m.action === 'update' && m.event === 'APPLICANTS_UPDATED',
      'the new candidate',
      WAIT_MS,
    );
    const processed = await reviewer.next(
      (m) =>
        m.action === 'update' &&
        m.event === 'APPLICANT_STREAM_STATUS_UPDATED_EVENT' &&
        (m.payload as { status?: string } | undefined)?.status === 'PROCESSED',
      'the processed video',
      60_000,
    );
    expect(processed).toMatchObject({ projectId, payload: { applicantId, status: 'PROCESSED' } });
    const media = await call<{ items: { name: string; kind: string; status: string }[] }>(
      lb,
      'GET',
      `/applicants/${applicantId}/media?projectId=${projectId}`,
      { token },
    );
    expect(media.body.items.map(({ name, kind, status }) => ({ name, kind, status }))).toEqual([
      { name: 'selftape.mp4', kind: 'video', status: 'PROCESSED' },
    ]);

    // The reviewer votes through the balancer; a client link made through it shows the candidate, the team's vote
    // and the converted video, which the store serves.
    const voted = await call(lb, 'POST', `/projects/${projectId}/applicants/votes`, {
      token,
      body: { applicantIds: [submissionId], vote: 'UP_VOTE' },
    });
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    const clientLink = await call<{ clientLink: string }>(
      lb,
      'POST',
      `/v2/projects/${projectId}/client-links`,
      {
        token,
        body: {
          title: 'Selects for the producer',
          submissionIds: [submissionId],
          settings: { requireIdentification: false, showTeamFeedback: true },
        },
      },
    );
    expect(clientLink.status, JSON.stringify(clientLink.body)).toBe(201);
    const secret = clientLink.body.clientLink;
    const shown = await call<{
      items: { submissionId: string; firstName: string; lastName: string; teamTally: unknown }[];
    }>(lb, 'GET', `/projects/${projectId}/applicants/${secret}`);
    expect(shown.status).toBe(200);
    expect(
      shown.body.items.map(({ submissionId: id, firstName, lastName, teamTally }) => ({
        id,
        firstName,
        lastName,
        teamTally,
      })),
    ).toEqual([
      {
        id: submissionId,
        firstName: 'Ines',
        lastName: 'Okafor',
        teamTally: { UP_VOTE: 1, DOWN_VOTE: 0, MAYBE: 0 },
      },
    ]);
    const detail = await call<{ media: { kind: string; status: string; convertedUrl: string | null }[] }>(
      lb,
      'GET',
      `/projects/${projectId}/applicants/${secret}/${submissionId}`,
    );
    expect(detail.body.media).toMatchObject([{ kind: 'video', status: 'PROCESSED' }]);
    const converted = await fetch(new URL(detail.body.media[0]!.convertedUrl!, lb));
    expect(converted.status).toBe(200);
    // An MP4 says so in its first box.
    expect(
      Buffer.from(await converted.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');

    // The web app comes through the balancer too; round robin sent the journey's calls to both instances.
    const page = await fetch(lb);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const [toA, toB] = cluster.balancer.served();
    expect(toA).toBeGreaterThan(0);
    expect(toB).toBeGreaterThan(0);
  });
});
