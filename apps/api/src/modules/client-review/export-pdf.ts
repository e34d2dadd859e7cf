import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont, PDFImage } from 'pdf-lib';
import type { Report } from './report';

/*
 * The presentation prints what people typed (names, titles, comments) in whatever script they typed it. The 14
 * standard PDF fonts speak WinAnsi only, so the text is set in DejaVu Sans, embedded as a subset of the glyphs used
 * (decision 0230): Latin with every accent, Greek, Cyrillic and the typographic marks (dashes, quotes) print as
 * written and stay copyable, whatever fonts the reader's machine has.
 */

const fontFiles = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
let fontBytes: Promise<Record<keyof typeof fontFiles, Buffer>> | null = null;

/** The two font files, read from the font package once per process (about 1.4 MB together). */
function loadFontBytes() {
  const require = createRequire(import.meta.url);
  const read = (file: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  fontBytes ??= Promise.all([read(fontFiles.regular), read(fontFiles.bold)]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  // A failed read is not remembered: the next export tries again.
  fontBytes.catch(() => (fontBytes = null));
  return fontBytes;
}

export async function embedFonts(pdf: PDFDocument) {
  const [{ default: fontkit }, bytes] = await Promise.all([import('@pdf-lib/fontkit'), loadFontBytes()]);
  pdf.registerFontkit(fontkit);
  return {
    font: await pdf.embedFont(bytes.regular, { subset: true }),
    bold: await pdf.embedFont(bytes.bold, { subset: true }),
  };
}

/** Line breaks and tabs become spaces: a drawn line is one line, and a control character has no glyph. */
export const oneLine = (text: string) => text.replace(/[\t\r\n\v\f]+/g, ' ');

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of oneLine(paragraph).split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

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
