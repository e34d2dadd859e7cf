import type { PDFImage } from 'pdf-lib';
import { embedFonts, oneLine, wrap } from '../../platform/pdf-text';
import type { Report } from './report';

// The fonts and text helpers live in `platform/pdf-text.ts`, shared by every printed PDF; re-exported for the
// modules that import them from here.
export { embedFonts, oneLine, wrap };

/**
 * A printable presentation: a cover with the link's title and the tally, then one page per candidate with the
 * primary photo, name, opportunity, key facts, and every viewer's vote and comment.
 */
export async function reportPdf(
  report: Report,
  details: { projectName: string; photos: Map<string, Buffer>; facts: Map<string, string[]> },
): Promise<Uint8Array> {
  // pdf-lib, its font engine and the fonts are loaded by the first export, not when the API starts.
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${details.projectName} - ${report.link.title}`);
  const { font, bold } = await embedFonts(pdf);
  const [width, height] = [595.28, 841.89];
  const margin = 48;
  const cover = pdf.addPage([width, height]);
  cover.drawText(oneLine(details.projectName), {
    x: margin,
    y: height - 96,
    size: 14,
    font,
    color: rgb(0.3, 0.3, 0.3),
  });
  cover.drawText(oneLine(report.link.title), { x: margin, y: height - 124, size: 24, font: bold });
  let y = height - 170;
  for (const line of wrap(report.link.message, font, 11, width - 2 * margin).slice(0, 12)) {
    cover.drawText(line, { x: margin, y, size: 11, font });
    y -= 16;
  }
  y -= 16;
  cover.drawText(`${report.candidates.length} candidate(s)`, { x: margin, y, size: 12, font: bold });
  y -= 22;
  for (const candidate of report.candidates.slice(0, 36)) {
    const { YES, NO, MAYBE } = candidate.tally;
    cover.drawText(
      oneLine(`${candidate.name} (${candidate.roleName}): yes ${YES}, no ${NO}, maybe ${MAYBE}`),
      { x: margin, y, size: 10, font },
    );
    y -= 15;
  }
  for (const candidate of report.candidates) {
    const page = pdf.addPage([width, height]);
    let top = height - margin;
    const photo = details.photos.get(candidate.applicantId);
    let image: PDFImage | null = null;
    if (photo) image = await pdf.embedJpg(photo).catch(() => null);
    if (image) {
      const scaled = image.scaleToFit(200, 260);
      page.drawImage(image, {
        x: margin,
        y: top - scaled.height,
        width: scaled.width,
        height: scaled.height,
      });
    } else {
      page.drawRectangle({ x: margin, y: top - 200, width: 200, height: 200, color: rgb(0.92, 0.92, 0.92) });
    }
    const textX = margin + 220;
    page.drawText(oneLine(candidate.name), { x: textX, y: top - 20, size: 20, font: bold });
    page.drawText(oneLine(candidate.roleName), { x: textX, y: top - 42, size: 12, font });
    let factY = top - 70;
    for (const fact of details.facts.get(candidate.submissionId) ?? []) {
      page.drawText(oneLine(fact), { x: textX, y: factY, size: 10, font });
      factY -= 15;
    }
    const { YES, NO, MAYBE } = candidate.tally;
    page.drawText(`Yes ${YES}   No ${NO}   Maybe ${MAYBE}`, {
      x: textX,
      y: factY - 10,
      size: 12,
      font: bold,
    });
    top -= 290;
    page.drawText('Feedback', { x: margin, y: top, size: 14, font: bold });
    top -= 22;
    if (candidate.feedback.length === 0)
      page.drawText('No feedback yet.', { x: margin, y: top, size: 11, font });
    for (const entry of candidate.feedback) {
      if (top < margin + 30) break;
      page.drawText(oneLine(`${entry.viewerName}: ${entry.vote ?? 'no vote'}`), {
        x: margin,
        y: top,
        size: 11,
        font: bold,
      });
      top -= 15;
      for (const line of wrap(entry.comment ?? '', font, 10, width - 2 * margin).slice(0, 8)) {
        if (!line) continue;
        page.drawText(line, { x: margin + 12, y: top, size: 10, font });
        top -= 14;
      }
      top -= 8;
    }
  }
  return pdf.save();
}
