import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * MuPDF and libheif are WebAssembly: their memory grows to fit the largest file converted and never shrinks, and a
 * loaded module stays for the life of the process (about 45 MB resident after one PDF page in-process, against
 * about 15 MB when the same render ran in a thread that then ended). So each PDF preview and each HEIC conversion
 * runs in a worker thread that ends with it, and the API gives that memory back. The worker is plain JavaScript
 * evaluated from this string, so it needs no file of its own in the bundle; it loads the packages by the paths the
 * API itself resolves.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bytes = (input) => Buffer.from(input.buffer, input.byteOffset, input.byteLength);
const tasks = {
  async pdfFirstPage({ url, input, widthPx }) {
    const mupdf = await import(url);
    const document = mupdf.Document.openDocument(bytes(input), 'application/pdf');
    try {
      const page = document.loadPage(0);
      const [x0, , x1] = page.getBounds();
      const scale = Math.min(4, widthPx / Math.max(1, x1 - x0));
      const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
      return pixmap.asPNG();
    } finally {
      document.destroy();
    }
  },
  async pdfPageCount({ url, input }) {
    const mupdf = await import(url);
    const document = mupdf.Document.openDocument(bytes(input), 'application/pdf');
    try {
      return new TextEncoder().encode(String(document.countPages()));
    } finally {
      document.destroy();
    }
  },
  async heicToJpeg({ url, input, quality }) {
    const convert = (await import(url)).default;
    return new Uint8Array(await convert({ buffer: bytes(input), format: 'JPEG', quality }));
  },
};
tasks[workerData.task](workerData).then(
  (output) => parentPort.postMessage({ ok: true, output }),
  (error) => parentPort.postMessage({ ok: false, message: String((error && error.message) || error) }),
);
`;

const require = createRequire(import.meta.url);
const moduleUrl = (name: string) => pathToFileURL(require.resolve(name)).href;

type Task =
  | { task: 'pdfFirstPage'; input: Buffer; widthPx: number }
  | { task: 'pdfPageCount'; input: Buffer }
  | { task: 'heicToJpeg'; input: Buffer; quality: number };

const PACKAGE: Record<Task['task'], string> = {
  pdfFirstPage: 'mupdf',
  pdfPageCount: 'mupdf',
  heicToJpeg: 'heic-convert',
};

/** Runs one conversion in a thread of its own; rejects with the conversion's own message when it fails. */
export function runIsolated(task: Task): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...task, url: moduleUrl(PACKAGE[task.task]) },
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
      void worker.terminate();
    };
    worker.once('message', (message: { ok: boolean; output?: Uint8Array; message?: string }) =>
      settle(() =>
        message.ok && message.output
          ? resolve(Buffer.from(message.output.buffer, message.output.byteOffset, message.output.byteLength))
          : reject(new Error(message.message ?? 'the conversion failed')),
      ),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the conversion thread stopped (exit code ${code})`))),
    );
  });
}

/** A HEIC/HEIF image (as phones take them) as JPEG bytes, converted in a thread of its own. */
export function heicToJpegBytes(input: Buffer, quality = 0.92): Promise<Buffer> {
  return runIsolated({ task: 'heicToJpeg', input, quality });
}

/** The number of pages of a PDF, read by MuPDF in a thread of its own; rejects when the file is no PDF. */
export async function pdfPageCount(input: Buffer): Promise<number> {
  const output = await runIsolated({ task: 'pdfPageCount', input });
  return Number(output.toString('ascii'));
}
