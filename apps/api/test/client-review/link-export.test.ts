import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { type Cast } from '../support/projects';
import { buildLinkFixture, linkCalls, type LinkFixture } from './client-link-fixture';

// Exporting a link's feedback: a CSV and a PDF presentation mailed to the team member who asked.
let t: TestApp;
let cast: Cast;
let shared: LinkFixture['shared'];
let role: LinkFixture['role'];
const { createLink, identify, applicantsUrl } = linkCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast, shared, role } = await buildLinkFixture());
  // Ana is a minor (marked when she applied), Ben an adult; both gave where they live.
  const { db } = await testDatabase();
  await db
    .update(applicants)
    .set({ location: 'Glendale, CA', isMinor: true })
    .where(eq(applicants.id, shared[0]!.applicantId));
  await db
    .update(applicants)
    .set({ location: 'Pasadena, CA' })
    .where(eq(applicants.id, shared[1]!.applicantId));
});
afterAll(() => t.close());

describe('export', () => {
  async function mailTo(to: string, subjectStart: string) {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=20`,
      });
      const found = (res.json().items as { subject: string; text: string }[]).find((item) =>
        item.subject.startsWith(subjectStart),
      );
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no "${subjectStart}" mail to ${to}`);
  }

  async function download(url: string): Promise<Buffer> {
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const first = await t.app.inject({ method: 'GET', url: path });
    expect(first.statusCode, first.body).toBe(302);
    const file = await t.app.inject({
      method: 'GET',
      url: first.headers.location!.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  }

  it('mails a CSV and a PDF presentation holding every viewer’s feedback', async () => {
    const link = await createLink({ submissionIds: shared.map((row) => row.id), title: 'Export me' });
    const viewer = await identify(link.clientLink, 'Erin Exec');
    await t.app.inject({
      method: 'PUT',
      url: `${applicantsUrl(link.clientLink)}/${shared[1]!.id}/feedback`,
      headers: viewer.headers,
      payload: { vote: 'YES', comment: 'Book "her", now' },
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}/export`,
      headers: cast.headers('PE'),
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(202);
    // The answer says where the links go and until when they work, so the page can say so.
    const answer = asked.json() as { recipientEmail: string; expiresAt: string };
    expect(answer.recipientEmail).toBe(cast.people.PE.user.email.toLowerCase());
    expect(Date.parse(answer.expiresAt) - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
    const mail = await mailTo(cast.people.PE.user.email, 'Client feedback export');
    const csvUrl = /Spreadsheet \(CSV\): (\S+)/.exec(mail.text)![1]!;
    const pdfUrl = /Presentation \(PDF\): (\S+)/.exec(mail.text)![1]!;
    const csv = (await download(csvUrl)).toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      '"Candidate","Opportunity","Viewer","Vote","Comment","Yes","No","Maybe","Updated at"',
    );
    expect(csv).toContain('"Erin Exec","YES","Book ""her"", now","1","0","0"');
    expect(csv).toContain('"Ana ');
    const pdf = await download(pdfUrl);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const mupdf = await import('mupdf');
    const document = mupdf.Document.openDocument(pdf, 'application/pdf');
    expect(document.countPages()).toBe(3);
    const text = [0, 1, 2]
      .map((n) => document.loadPage(n).toStructuredText('preserve-whitespace').asText())
      .join('\n');
    expect(text).toContain('Export me');
    expect(text).toContain('Erin Exec: YES');
    expect(text).toContain('Book "her", now');
    // An adult's location is in the presentation; a minor's whereabouts never are.
    expect(text).toContain('Location: Pasadena, CA');
    expect(text).not.toContain('Glendale');
    // A tampered token is a 404. (Its first character is changed to another: one token in 64 starts with a Z.)
    const tampered = await t.app.inject({
      method: 'GET',
      url: csvUrl
        .replace(/^https?:\/\/[^/]+/, '')
        .replace(/token=(.)/, (_match, first: string) => `token=${first === 'Z' ? 'Y' : 'Z'}`),
    });
    expect(tampered.statusCode).toBe(404);
  });

  it('prints names and comments in any script as written, with the font embedded', async () => {
    const name = { firstName: 'Łucja Ж', lastName: 'Žaneta-Émilie' };
    const person = await buildApplicant(role, cast.people.PO.user, name);
    const link = await createLink({ submissionIds: [person.id], title: 'Selects — spring' });
    const viewer = await identify(link.clientLink, 'Zoë Ødegård');
    const comment = 'Très bien — ещё раз, proszę (łatwo)';
    await t.app.inject({
      method: 'PUT',
      url: `${applicantsUrl(link.clientLink)}/${person.id}/feedback`,
      headers: viewer.headers,
      payload: { vote: 'MAYBE', comment },
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}/export`,
      headers: cast.headers('PE'),
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const mail = await mailTo(cast.people.PE.user.email, 'Client feedback export: Selects');
    const pdf = await download(/Presentation \(PDF\): (\S+)/.exec(mail.text)![1]!);
    const mupdf = await import('mupdf');
    const document = mupdf.Document.openDocument(pdf, 'application/pdf');
    const text = [0, 1]
      .map((n) => document.loadPage(n).toStructuredText('preserve-whitespace').asText())
      .join('\n');
    expect(text).toContain('Selects — spring');
    expect(text).toContain('Łucja Ж Žaneta-Émilie');
    expect(text).toContain('Zoë Ødegård: MAYBE');
    expect(text).toContain(comment);
    expect(text).not.toContain('?');
    // The glyphs come from a font inside the file, not from whatever the reader has installed.
    const fonts = new Set<string>();
    document
      .asPDF()!
      .findPage(1)
      .get('Resources', 'Font')
      .forEach((font) => {
        const descriptor = font.get('DescendantFonts', 0, 'FontDescriptor');
        if (descriptor.get('FontFile2').isStream())
          fonts.add(font.get('BaseFont').asName().replace(/-\d+$/, ''));
      });
    expect([...fonts].sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });
});
