import type { PDFDocument, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { PRESENTATION_TEXTS, type PresentationLayout } from '@casting/domain';
import { embedFonts, oneLine, wrap } from '../client-review';

/** One candidate as printed: the name, the opportunity, the key facts and a JPEG of their photo. */
export interface PrintedCandidate {
  name: string;
  facts: string[];
  photo: Buffer | null;
  /** The team's notes shared with clients, each one printable text ('[0:07] Ana: ...'), oldest first. */
  notes: string[];
}

const [WIDTH, HEIGHT] = [595.28, 841.89];
const MARGIN = 48;

async function image(pdf: PDFDocument, photo: Buffer | null): Promise<PDFImage | null> {
  return photo ? pdf.embedJpg(photo).catch(() => null) : null;
}

/** Draws a photo scaled into a box (a grey box stands in for a missing one), top-left at (x, top). */
async function drawPhoto(
  pdf: PDFDocument,
  page: PDFPage,
  photo: Buffer | null,
  box: { x: number; top: number; width: number; height: number },
) {
  const { rgb } = await import('pdf-lib');
  const embedded = await image(pdf, photo);
  if (!embedded) {
    page.drawRectangle({
      x: box.x,
      y: box.top - box.height,
      width: box.width,
      height: box.height,
      color: rgb(0.92, 0.92, 0.92),
    });
    return;
  }
  const scaled = embedded.scaleToFit(box.width, box.height);
  page.drawImage(embedded, {
    x: box.x,
    y: box.top - scaled.height,
    width: scaled.width,
    height: scaled.height,
  });
}

/**
 * The presentation as a PDF, in its layout and order: a cover (project, title, opportunity), then either cards (six
 * to a page: photo, name, key sizes) or one page per candidate (a large photo beside the name and facts). The text is
 * set in the embedded DejaVu fonts the client feedback export uses, so any script prints and stays copyable.
 */
export async function presentationPdf(
  heading: { projectName: string; title: string; roleName: string; layout: PresentationLayout },
  candidates: PrintedCandidate[],
): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${heading.projectName} - ${heading.title}`);
  const { font, bold } = await embedFonts(pdf);
  const cover = pdf.addPage([WIDTH, HEIGHT]);
  cover.drawText(oneLine(heading.projectName), {
    x: MARGIN,
    y: HEIGHT - 96,
    size: 14,
    font,
    color: rgb(0.3, 0.3, 0.3),
  });
  cover.drawText(oneLine(heading.title), { x: MARGIN, y: HEIGHT - 124, size: 24, font: bold });
  cover.drawText(oneLine(heading.roleName), { x: MARGIN, y: HEIGHT - 150, size: 14, font });
  if (heading.layout === 'pages') {
    for (const candidate of candidates) {
      const page = pdf.addPage([WIDTH, HEIGHT]);
      const top = HEIGHT - MARGIN;
      await drawPhoto(pdf, page, candidate.photo, { x: MARGIN, top, width: 300, height: 400 });
      const textX = MARGIN + 320;
      page.drawText(oneLine(candidate.name), { x: textX, y: top - 20, size: 18, font: bold, maxWidth: 180 });
      let y = top - 46;
      for (const fact of candidate.facts) {
        page.drawText(oneLine(fact), { x: textX, y, size: 11, font });
        y -= 16;
      }
    }
    printNotes(pdf, { font, bold }, candidates);
    return pdf.save();
  }
  // Cards: two columns, three rows.
  const columns = 2;
  const rows = 3;
  const cardWidth = (WIDTH - 2 * MARGIN - 24) / columns;
  const cardHeight = (HEIGHT - 2 * MARGIN - 2 * 24) / rows;
  let page: PDFPage | null = null;
  for (const [index, candidate] of candidates.entries()) {
    const slot = index % (columns * rows);
    if (slot === 0) page = pdf.addPage([WIDTH, HEIGHT]);
    const x = MARGIN + (slot % columns) * (cardWidth + 24);
    const top = HEIGHT - MARGIN - Math.floor(slot / columns) * (cardHeight + 24);
    await drawPhoto(pdf, page!, candidate.photo, { x, top, width: cardWidth, height: cardHeight - 70 });
    let y = top - (cardHeight - 70) - 18;
    page!.drawText(oneLine(candidate.name), { x, y, size: 12, font: bold, maxWidth: cardWidth });
    for (const fact of candidate.facts.slice(0, 3)) {
      y -= 14;
      page!.drawText(oneLine(fact), { x, y, size: 9, font, maxWidth: cardWidth });
    }
  }
  printNotes(pdf, { font, bold }, candidates);
  return pdf.save();
}

/**
 * The shared notes, after the candidates and in the same order: each candidate who has any, by name, then their
 * notes wrapped to the page, flowing onto new pages as needed. Nothing is added when no candidate has a note.
 */
function printNotes(
  pdf: PDFDocument,
  fonts: { font: PDFFont; bold: PDFFont },
  candidates: PrintedCandidate[],
) {
  const annotated = candidates.filter((candidate) => candidate.notes.length > 0);
  if (annotated.length === 0) return;
  const width = WIDTH - 2 * MARGIN;
  let page = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN - 20;
  page.drawText(PRESENTATION_TEXTS.pdfNotes, { x: MARGIN, y, size: 18, font: fonts.bold });
  y -= 30;
  const line = (text: string, size: number, font: PDFFont, gap: number) => {
    if (y < MARGIN + size) {
      page = pdf.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN - size;
    }
    page.drawText(text, { x: MARGIN, y, size, font });
    y -= gap;
  };
  for (const candidate of annotated) {
    line(oneLine(candidate.name), 12, fonts.bold, 18);
    for (const note of candidate.notes) {
      for (const text of wrap(note, fonts.font, 10, width)) line(text, 10, fonts.font, 14);
      y -= 4;
    }
    y -= 10;
  }
}
