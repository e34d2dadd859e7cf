import { defineConfig } from 'vitest/config';
// With its extension: Vite's config loader warns that it will stop guessing one.
import base from './vitest.config.js';

/*
 * The API tier's smoke subset for a second Node line (`npm run test:smoke`; CI runs it on Node 24 after the whole
 * suite passed on Node 20, docs/decisions/0017). Route rules, queries and permissions do not change with the Node
 * version; what can are the parts that lean on Node itself or on native and WebAssembly code built for it. Each file
 * is here for one of those, on the embedded database (PGlite, WebAssembly in a process of its own): a file added to
 * the suite joins this list only if it exercises something of that kind the list does not yet.
 */
export const SMOKE_FILES = [
  // The embedded engine in its own process: fork, IPC serialisation of values and errors, living and dying with
  // its owner, the data folder's lock refusing a second opener. test/data-dir-lock.test.ts (the lock between separate
  // commands) is left out: it starts its processes through tsx, one of the tier's slowest files, for what this
  // file's lock case already reaches.
  'test/pglite-process.test.ts',
  // Password hashing (argon2, a Node-API module), signed tokens and refresh cookies (node:crypto).
  'test/identity/sign-in.test.ts',
  // Authenticator codes (HMAC) and the second factor's secret kept encrypted (node:crypto ciphers).
  'test/identity/authenticator.test.ts',
  // Uploads: request bodies streamed to storage, checksums, multipart parts.
  'test/media/uploads.test.ts',
  // The embedded storage's signed URLs served by the app on a real socket (streams, byte ranges).
  'test/storage/local-storage.test.ts',
  // The S3 client (AWS SDK on Node's HTTP agent) against a real S3 protocol server.
  'test/storage/s3-storage.test.ts',
  // Media processing: sharp (libvips, Node-API), ffmpeg as a child process, MuPDF (WebAssembly).
  'test/media/processing.test.ts',
  // Zip writing: the archive streamed with CRC-32 (Node-API) and read back by Info-ZIP's unzip.
  'test/media/zip-writer.test.ts',
  'test/media/downloads.test.ts',
  // Live events: notifications from the engine and websocket connections (ws on Node's HTTP upgrade).
  'test/live/events.test.ts',
  'test/live/websocket.test.ts',
  // Mail over SMTP (nodemailer on node:net) to a real SMTP server on loopback.
  'test/smtp.test.ts',
  // Backup and restore: the command's archive written and read through streams and zlib.
  'test/operations/backup-restore.test.ts',
];

export default defineConfig({
  ...base,
  test: { ...base.test, include: SMOKE_FILES },
});
