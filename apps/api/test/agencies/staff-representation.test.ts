import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { queuedMailsTo } from '../links/helpers';

let t: TestApp;
let cast: Cast;
let role: Awaited<ReturnType<typeof buildRole>>;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  role = await buildRole(cast.project, { name: 'Lead' });
});
afterAll(() => t.close());

const form = (email: string) => ({
  agent: { firstName: 'Rae', lastName: 'Rivera', email, phoneNumber: '2025550123' },
  agency: { name: 'Harbor Talent', websiteUrl: 'https://harbor.example.com' },
});

const add = (projectId: string, applicantId: string, body: unknown, actor: 'PO' | 'PE' = 'PO') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/projects/${projectId}/applicants/${applicantId}/representatives`,
    headers: cast.headers(actor),
    payload: body as Record<string, unknown>,
  });

describe('Add Representation from the candidate preview', () => {
  it('names the agent, mails them the claim, and the representatives call shows it as pending', async () => {
    const row = await buildApplicant(role, cast.people.PO.user);
    const email = `rae-${randomUUID().slice(0, 8)}@example.com`;
    const res = await add(cast.project.id, row.applicantId, form(email));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      agent: { name: 'Rae Rivera', email, isVerified: false },
      agency: { name: 'Harbor Talent' },
    });
    const [mail] = await queuedMailsTo(email);
    expect(mail?.text).toContain('/claim-confirmation/');

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/applicants/representatives?applicantIds[]=${row.applicantId}`,
      headers: cast.headers('TE'),
    });
    expect(read.json().items).toMatchObject([
      { applicantId: row.applicantId, representatives: [{ agent: { email }, status: 'PENDING' }] },
    ]);
  });

  it('refuses a bad form with field messages, a candidate of another project, and a project editor', async () => {
    const row = await buildApplicant(role, cast.people.PO.user);
    const bad = await add(cast.project.id, row.applicantId, {
      agent: { firstName: 'R', lastName: '', email: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');

    const other = await buildCast(t.app);
    const foreign = await add(
      other.project.id,
      row.applicantId,
      form(`f-${randomUUID().slice(0, 8)}@example.com`),
    );
    expect(foreign.statusCode).toBe(403);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${other.project.id}/applicants/${row.applicantId}/representatives`,
      headers: other.headers('PO'),
      payload: form(`g-${randomUUID().slice(0, 8)}@example.com`),
    });
    expect(elsewhere.statusCode).toBe(404);

    const editor = await add(
      cast.project.id,
      row.applicantId,
      form(`e-${randomUUID().slice(0, 8)}@example.com`),
      'PE',
    );
    expect(editor.statusCode).toBe(403);
  });
});
