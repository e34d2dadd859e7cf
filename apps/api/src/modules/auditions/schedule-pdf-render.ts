import type { PDFFont, PDFPage } from 'pdf-lib';
import {
  AUDITION_ATTENDANCE_LABELS,
  AUDITION_KIND_LABELS,
  AUDITION_STATUS_LABELS,
  AUDITION_TEXTS,
  type AuditionKind,
} from '@casting/domain';
import { embedFonts, oneLine, wrap } from '../../platform/pdf-text';
import type { RunningOrderRow } from './running-order';
import type { SessionRow } from './sessions';

const [WIDTH, HEIGHT] = [595.28, 841.89];
const MARGIN = 48;
const NAME_X = MARGIN + 64;
const STATUS_X = MARGIN + 330;

/**
 * The session's running order as an A4 PDF for the room: a heading (name, kind, day and hours with the zone named,
 * place), then one entry per invitation in running order (slot time by the session's wall clock, name, answer and
 * attendance) and, when the rows carry them, each candidate's e-mail, phone and agents below the name. Set in the
 * embedded DejaVu fonts the other PDFs use, so any script prints.
 */
export async function schedulePdf(
  session: SessionRow,
  projectName: string,
  rows: readonly RunningOrderRow[],
  progress: (done: number) => Promise<void>,
): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const title = AUDITION_TEXTS.pdfTitle(session.name);
  pdf.setTitle(`${projectName} - ${title}`);
  const { font, bold } = await embedFonts(pdf);
  const grey = rgb(0.35, 0.35, 0.35);
  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN - 14;
  const text = (value: string, x: number, size: number, face: PDFFont = font, color = rgb(0, 0, 0)) =>
    page.drawText(oneLine(value), { x, y, size, font: face, color, maxWidth: WIDTH - MARGIN - x });
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = pdf.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN - 14;
  };

  text(projectName, MARGIN, 11, font, grey);
  y -= 24;
  text(title, MARGIN, 20, bold);
  y -= 20;
  const when = AUDITION_TEXTS.pdfWhen(session.day, session.startTime, session.endTime, session.timeZone);
  text(`${AUDITION_KIND_LABELS[session.kind as AuditionKind]} · ${when}`, MARGIN, 11);
  if (session.place) {
    y -= 16;
    text(AUDITION_TEXTS.pdfPlace(session.place), MARGIN, 11);
  }
  y -= 30;
  if (rows.length === 0) text(AUDITION_TEXTS.pdfNobody, MARGIN, 11);

  const width = WIDTH - NAME_X - MARGIN;
  for (const [index, row] of rows.entries()) {
    const item = row.invitation;
    const details: string[] = [];
    if (row.contacts) {
      const own = [row.contacts.email, row.contacts.phone].filter(Boolean).join(' · ');
      if (own) details.push(...wrap(`${AUDITION_TEXTS.pdfContacts}: ${own}`, font, 9, width));
      const agents = row.contacts.agents.map((agent) => `${agent.name} <${agent.email}>`).join('; ');
      if (agents) details.push(...wrap(`${AUDITION_TEXTS.pdfAgents}: ${agents}`, font, 9, width));
    }
    room(18 + details.length * 12);
    text(row.time || AUDITION_TEXTS.pdfWaiting, MARGIN, 11, row.time ? bold : font);
    page.drawText(oneLine(`${item.firstName} ${item.lastName}`.trim()), {
      x: NAME_X,
      y,
      size: 11,
      font: bold,
      maxWidth: STATUS_X - NAME_X - 8,
    });
    const status = [
      AUDITION_STATUS_LABELS[item.status],
      item.result.attendance ? AUDITION_ATTENDANCE_LABELS[item.result.attendance] : null,
    ];
    text(status.filter(Boolean).join(' · '), STATUS_X, 9, font, grey);
    for (const line of details) {
      y -= 12;
      text(line, NAME_X, 9, font, grey);
    }
    y -= 20;
    await progress(index + 1);
  }
  return pdf.save();
}
