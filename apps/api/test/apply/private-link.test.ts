import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { type Cast } from '../support/projects';
import { applyBody, queuedMailsTo } from '../links/helpers';
import { buildLinksFixture, linksCalls, privateTokenFrom, type LinksFixture } from '../links/links-fixture';

// The private link mailed after applying: viewing and updating the submission, mailing it again, and recognising
// a returning applicant.
let t: TestApp;
let cast: Cast;
let roleA: LinksFixture['roleA'];
const { newLink, apply } = linksCalls(() => ({ t, cast, roleA }));

beforeAll(async () => {
  ({ t, cast, roleA } = await buildLinksFixture());
});
afterAll(() => t.close());

describe('private link: view, update, resend, check-email', () => {
  it('opens and updates the submission with the mailed token only', async () => {
    const link = await newLink();
    const body = applyBody(link.token);
    const { applicantId } = (await apply(body)).json();
    const token = privateTokenFrom((await queuedMailsTo(body.email))[0]!.text);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v2/applicants/${applicantId}/standalone/token?token=${token}`,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      applicantId,
      firstName: 'Tara',
      email: body.email,
      opportunities: [{ id: roleA.id }],
    });

    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/v2/applicants/${applicantId}/standalone/token?token=${link.token}`,
    });
    expect(wrong.statusCode).toBe(404);

    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/applicants/standalone/${applicantId}`,
      payload: { accessToken: token, firstName: 'Tamsin', sizes: { height: '170cm' } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      firstName: 'Tamsin',
      lastName: 'Talent',
      sizes: { height: '170cm' },
    });

    const other = await apply(applyBody(link.token));
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/applicants/standalone/${other.json().applicantId}`,
      payload: { accessToken: token, firstName: 'Hijack' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('resend-email answers Sent successfully! and mails a fresh link to the stored address', async () => {
    const link = await newLink();
    const body = applyBody(link.token);
    const { applicantId } = (await apply(body)).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/applicants/${applicantId}/standalone/resend-email?token=${link.token}`,
    });
    expect(res.json()).toEqual({ message: 'Sent successfully!' });
    expect(await queuedMailsTo(body.email)).toHaveLength(2);
  });

  it('check-email-webform recognises a returning applicant and mails them instead of answering data', async () => {
    const link = await newLink();
    const body = applyBody(link.token);
    await apply(body);
    const returning = await t.app.inject({
      method: 'POST',
      url: `/api/applicants/${cast.project.id}/check-email-webform`,
      payload: { email: body.email, token: link.token },
    });
    expect(returning.json()).toEqual({ isReturning: true });
    const fresh = await t.app.inject({
      method: 'POST',
      url: `/api/applicants/${cast.project.id}/check-email-webform`,
      payload: { email: 'new-person@example.com', token: link.token },
    });
    expect(fresh.json()).toEqual({ isReturning: false });
  });
});
