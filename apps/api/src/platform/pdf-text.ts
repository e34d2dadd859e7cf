import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/*
 * The printed PDFs (the client feedback export, presentations, the audition schedule) print what people typed (names,
 * titles, comments) in whatever script they typed it. The 14 standard PDF fonts speak WinAnsi only, so the text is set
 * in DejaVu Sans, embedded as a subset of the glyphs used (decision 0230): Latin with every accent, Greek, Cyrillic
 * and the typographic marks (dashes, quotes) print as written and stay copyable, whatever fonts the reader's machine
 * has.
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
  // A failed read is not remembered: the next PDF tries again.
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
