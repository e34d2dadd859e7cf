import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFromText, MESSAGES } from '@casting/domain';
import { emailTemplates, emailTemplateSeeds } from '../../src/platform/db/schema';
import { type TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildProject, type Cast } from '../support/projects';
import { buildEmailFixture, emailCalls, type EmailFixture } from './email-fixture';

// E-mail templates of a project: the starters every project begins with, merge fields and the escaped preview.
let t: TestApp;
let cast: Cast;
let role: EmailFixture['role'];
let received: EmailFixture['received'];
let close: EmailFixture['close'];
const { as, api } = emailCalls(() => ({ t, cast, role, received }));

beforeAll(async () => {
  ({ t, cast, role, received, close } = await buildEmailFixture());
});
afterAll(() => close());

describe('templates', () => {
  it('starts every project with the starter templates, the four roster notices among them', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/email-templates'), headers: as('TE') });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((item: { name: string }) => item.name)).toEqual([
      'Callback',
      'Invitation to apply',
      'Release',
      'Request for a self-tape',
      'Roster: availability check',
      'Roster: booking',
      'Roster: hold',
      'Roster: release',
    ]);
  });

  it('adds only the new roster starters to a project seeded before them, not a starter the team deleted', async () => {
    const project = await buildProject(cast.people.PO.user);
    const { db } = await testDatabase();
    // As migration 0020 leaves a project seeded earlier: the first four starters recorded, "Callback" deleted since.
    await db.insert(emailTemplateSeeds).values({
      projectId: project.id,
      starterKeys: ['INVITATION', 'SELF_TAPE', 'CALLBACK', 'RELEASE'],
    });
    await db.insert(emailTemplates).values({
      projectId: project.id,
      name: 'Invitation to apply',
      subject: 'Our own invitation',
      body: docFromText('Our own words'),
      starterKey: 'INVITATION',
    });
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v2/projects/${project.id}/email-templates`,
        headers: cast.headers('SA'),
      });
    const [first, second] = await Promise.all([read(), read()]);
    expect(first.statusCode, first.body).toBe(200);
    const names = [
      'Invitation to apply',
      'Roster: availability check',
      'Roster: booking',
      'Roster: hold',
      'Roster: release',
    ];
    expect(first.json().items.map((item: { name: string }) => item.name)).toEqual(names);
    expect(second.json().items.map((item: { name: string }) => item.name)).toEqual(names);
    expect(first.json().items[0].subject).toBe('Our own invitation');
  });

  it('refuses an unknown merge field by name, and a talent editor may not write templates', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: api('/email-templates'),
      headers: as('PE'),
      payload: { name: 'Typo', subject: 'Hi {{frstName}}', body: docFromText('Hello') },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('{{frstName}}');
    const te = await t.app.inject({
      method: 'POST',
      url: api('/email-templates'),
      headers: as('TE'),
      payload: { name: 'Mine', subject: 'Hi', body: docFromText('Hello') },
    });
    expect(te.statusCode).toBe(403);
  });

  it('previews for a candidate with an unusual name escaped, and missing fields with their fallbacks', async () => {
    const row = await buildApplicant(role, cast.people.PO.user, {
      firstName: '<script>alert("x")</script>',
      lastName: "O'Neil & Sons",
      email: 'preview@example.com',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: api('/email-templates'),
      headers: as('PO'),
      payload: {
        name: 'Audition',
        subject: 'Audition for {{opportunityName}}, {{firstName}}',
        body: docFromText('Dear {{firstName}} {{lastName}},\n\nSee you, {{senderName}}'),
      },
    });
    expect(created.statusCode).toBe(201);
    const preview = await t.app.inject({
      method: 'POST',
      url: api('/email-preview'),
      headers: as('TE'),
      payload: { templateId: created.json().id, submissionId: row.id },
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.to).toBe('preview@example.com');
    expect(body.html).not.toContain('<script>');
    expect(body.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil &amp; Sons');
    expect(body.subject).toBe('Audition for Lead <Detective>, <script>alert("x")</script>');
    // The sender is whoever previews (and later sends): here the talent editor.
    expect(body.text).toContain('See you, Tess Talent-Editor');

    const nobody = await t.app.inject({
      method: 'POST',
      url: api('/email-preview'),
      headers: as('TE'),
      payload: { templateId: created.json().id },
    });
    expect(nobody.json().text).toContain('Dear there,');
  });
});

describe('a template body nested beyond any document', () => {
  it('is refused with a 400 naming the nesting, and no template is written', async () => {
    // Written out as JSON text: serialising 3,000 levels would exhaust the test's own stack.
    const levels = 3_000;
    const paragraph = '{"type":"paragraph","content":[{"type":"text","text":"Deep"}]}';
    const deep = `${'{"type":"blockquote","content":['.repeat(levels)}${paragraph}${']}'.repeat(levels)}`;
    const name = 'Nested three thousand deep';
    const res = await t.app.inject({
      method: 'POST',
      url: api('/email-templates'),
      headers: { ...as('PE'), 'content-type': 'application/json' },
      payload: `{"name":${JSON.stringify(name)},"subject":"Hello","body":{"type":"doc","content":[${deep}]}}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(MESSAGES.nestedTooDeeply);
    const list = await t.app.inject({ method: 'GET', url: api('/email-templates'), headers: as('PE') });
    expect(list.json().items.map((item: { name: string }) => item.name)).not.toContain(name);
  });
});
