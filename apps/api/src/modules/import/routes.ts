import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importDryRunSchema,
  importFailedRowsSchema,
  importFileQuerySchema,
  importFileSchema,
  importJobListQuerySchema,
  importJobListSchema,
  importJobSchema,
  importPreviewRequestSchema,
  importPreviewSchema,
  importRunRequestSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { toCsv } from '../../platform/csv';
import { dryRun } from './dry-run';
import { loadSheet, previewFile, storeFile } from './files';
import { failedRows, getJob, jobView, listJobs, startImport } from './jobs';

const TAGS = ['import'];
const jobParams = z.object({ id: z.uuid() });

/** Import people from a sheet: send the file, preview it, dry run, start, follow, and fetch the failed rows. */
export async function importRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  // The file arrives as the raw body, streamed into storage: a sheet or a media zip is larger than the JSON limit.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.put(
      '/import/files',
      {
        config: { access: access.importers() },
        bodyLimit: 512 * 1024 * 1024,
        schema: {
          tags: TAGS,
          summary: 'Send a sheet (CSV or .xlsx) or a media zip as the raw body; answers its file id',
          querystring: importFileQuerySchema,
          response: { 201: importFileSchema },
        },
      },
      async (request, reply) => {
        const length = Number(request.headers['content-length']);
        const stored = await storeFile(context, requirePrincipal(request), {
          kind: request.query.kind,
          length: Number.isFinite(length) && request.headers['content-length'] ? length : null,
          body: request.raw,
        });
        return reply.status(201).send({ ...stored, name: request.query.name });
      },
    );
  });

  app.post(
    '/import/preview',
    {
      config: { access: access.importers() },
      schema: {
        tags: TAGS,
        summary: 'The header, the first rows and a suggested column mapping of a sent sheet',
        body: importPreviewRequestSchema,
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => previewFile(context, requirePrincipal(request), request.body.fileId),
  );

  app.post(
    '/import/dry-run',
    {
      config: { access: access.importers() },
      schema: {
        tags: TAGS,
        summary: 'Check every row as the import would, writing nothing',
        body: importRunRequestSchema,
        response: { 200: importDryRunSchema },
      },
    },
    async (request) => dryRun(context, requirePrincipal(request), request.body),
  );

  app.post(
    '/import/jobs',
    {
      config: {
        access: access.importers(),
        idempotent: true,
        audit: { action: 'import.start', fields: ['fileName'] },
      },
      schema: {
        tags: TAGS,
        summary: 'Start the import as a background job (each row all or nothing; resumes after a restart)',
        body: importRunRequestSchema,
        response: { 202: importJobSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await startImport(context, requirePrincipal(request), request.body)),
  );

  app.get(
    '/import/jobs',
    {
      config: { access: access.importers() },
      schema: {
        tags: TAGS,
        summary: 'The caller’s past imports, newest first (keyset-paged)',
        querystring: importJobListQuerySchema,
        response: { 200: importJobListSchema },
      },
    },
    async (request) => listJobs(db, requirePrincipal(request), request.query),
  );

  app.get(
    '/import/jobs/:id',
    {
      config: { access: access.importers() },
      schema: {
        tags: TAGS,
        summary: 'An import’s progress and counts',
        params: jobParams,
        response: { 200: importJobSchema },
      },
    },
    async (request) => jobView(await getJob(db, requirePrincipal(request), request.params.id)),
  );

  app.get(
    '/import/jobs/:id/failed-rows',
    {
      config: { access: access.importers() },
      schema: {
        tags: TAGS,
        summary: 'The rows that did not import, with the reason',
        params: jobParams,
        response: { 200: importFailedRowsSchema },
      },
    },
    async (request) => {
      const job = await getJob(db, requirePrincipal(request), request.params.id);
      const rows = await failedRows(db, job.id);
      return { items: rows.map((row) => ({ row: row.row, name: row.name, reason: row.reason ?? '' })) };
    },
  );

  app.get(
    '/import/jobs/:id/failed-rows.csv',
    {
      config: { access: access.importers() },
      schema: {
        tags: TAGS,
        summary:
          'The failed rows as CSV: the file’s own columns and an Error column, to fix and import again',
        params: jobParams,
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const job = await getJob(db, principal, request.params.id);
      const rows = await failedRows(db, job.id);
      const columns = await loadSheet(context, job.createdById, job.fileKey)
        .then((sheet) => sheet.columns)
        .catch(() => [] as string[]);
      const width = Math.max(columns.length, ...rows.map((row) => row.cells?.length ?? 0));
      const header = Array.from({ length: width }, (_, index) => columns[index] || `Column ${index + 1}`);
      const body = toCsv(
        [...header, 'Error'],
        rows.map((row) => [
          ...Array.from({ length: width }, (_, i) => row.cells?.[i] ?? ''),
          row.reason ?? '',
        ]),
      );
      const name = job.fileName.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N} _-]/gu, '_') || 'import';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="failed-rows.csv"; filename*=UTF-8''${encodeURIComponent(`${name}-failed-rows.csv`)}`,
        )
        .send(body);
    },
  );
}
