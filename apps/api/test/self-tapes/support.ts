import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Role } from '@casting/domain';
import { runSelfTapeSend, runSelfTapeWatermark } from '../../src/modules/self-tapes';
import { runInOffice } from '../../src/platform/db/scope';
import { applicants } from '../../src/platform/db/schema';
import { queuedMailsTo } from '../links/helpers';
import { UploadClient } from '../media/client';
import type { MediaApp } from '../media/support';
import { selfTapeCandidate } from '../projects/route-table-self-tapes';

const HOUR = 3_600_000;
export const hoursAhead = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** The calls a self-tape test makes, on one app and opportunity shared by the file. */
export function selfTapeCalls(get: () => { t: MediaApp; role: Role; officeId: string }) {
  const project = () => get().t.cast.project.id;
  const inOffice = <T>(run: () => Promise<T>) => runInOffice(get().officeId, run);
  const calls = {
    candidate: () => selfTapeCandidate({ cast: get().t.cast, role: get().role }),
    create: (body: Record<string, unknown>) =>
      get().t.app.inject({
        method: 'POST',
        url: `/api/projects/${project()}/self-tapes`,
        headers: get().t.cast.headers('PO'),
        payload: {
          roleId: get().role.id,
          title: 'Scene 4',
          timeZone: 'Europe/London',
          preset: 'NONE',
          deadline: hoursAhead(240),
          idempotencyKey: randomUUID(),
          ...body,
        },
      }),
    send: (requestId: string) => inOffice(() => runSelfTapeSend(get().t.context, requestId)),
    watermark: (recipientId: string) => inOffice(() => runSelfTapeWatermark(get().t.context, recipientId)),
    tracking: (requestId: string) =>
      get().t.app.inject({
        method: 'GET',
        url: `/api/projects/${project()}/self-tapes/${requestId}`,
        headers: get().t.cast.headers('TE'),
      }),
    page: (token: string) => get().t.app.inject({ method: 'GET', url: `/api/self-tape-page?token=${token}` }),
    call: (method: 'PUT' | 'POST', path: string, payload: Record<string, unknown>) =>
      get().t.app.inject({ method, url: `/api/self-tape-page/${path}`, payload }),
    async emailOf(applicantId: string) {
      const [row] = await get()
        .t.ownerDb.select({ email: applicants.email })
        .from(applicants)
        .where(eq(applicants.id, applicantId));
      return row!.email!;
    },
    /** The private page's secret from the newest request mail to `to`. */
    async secretMailedTo(to: string) {
      const [mail] = await queuedMailsTo(to);
      const secret = /\/self-tapes\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      expect(secret, `no request mail to ${to}`).toBeDefined();
      return secret!;
    },
    /** A finished upload under `headers` (staff) or a recipient's grant. */
    async upload(target: object, headers: Record<string, string>, name: string, bytes: Buffer, type: string) {
      const res = await new UploadClient(get().t.origin, headers).single(target, name, bytes, type);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.Key as string;
    },
  };
  return calls;
}

/** A PDF of `pages` pages (pdf-lib), each with a line of text. */
export async function pdfOf(pages: number): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1)
    pdf.addPage([298, 420]).drawText(`Scene page ${n}`, { x: 20, y: 300, font });
  return Buffer.from(await pdf.save());
}

/** The text MuPDF extracts from every page of a PDF. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const texts: string[] = [];
    for (let n = 0; n < document.countPages(); n += 1)
      texts.push(document.loadPage(n).toStructuredText('preserve-whitespace').asText());
    return texts.join('\n');
  } finally {
    document.destroy();
  }
}
