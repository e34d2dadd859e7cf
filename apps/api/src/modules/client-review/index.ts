import { forEachOffice } from '../../platform/db/office-of';
import type { AppContext } from '../../platform/context';
import type { ApiModule } from '../../platform/http/module';
import { buildExport, CLIENT_EXPORT_QUEUE, purgeExpiredExports, type ExportJob } from './export';
import { projectSharePageMeta } from './project-share';
import { clientReviewRoutes } from './routes';

/**
 * Client review links: links made by the team from a selection or folders, a public review portal where
 * named viewers (identified by an e-mailed code) vote and comment, the team's tally, per-viewer feedback and view
 * log (live), revoke and extend, and an export (CSV and PDF) built by a job and mailed. See
 * docs/decisions/0035-client-review-links.md and decisions 0379 to 0389.
 *
 * For app.ts: `createClientLinkResolver(db)` is the access-control port of portal mode (a route declared with
 * `access.project(permission, projectId, { clientLink })` resolves the link's secret with it and acts as CLIENT).
 */
export const clientReviewModule: ApiModule = {
  name: 'client-review',
  register: (app, context) => clientReviewRoutes(app, context),
};

const EXPORT_PURGE_QUEUE = 'client-link-export-purge';

export function defineClientReviewJobs(context: AppContext) {
  context.jobs.define<ExportJob>(CLIENT_EXPORT_QUEUE, (job) => buildExport(context, job.exportId), {
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
    deadLetter: true,
    concurrency: 1,
  });
  // Scheduled upkeep runs in each office in turn.
  context.jobs.define(
    EXPORT_PURGE_QUEUE,
    async () => {
      await forEachOffice(context.database.db, () => purgeExpiredExports(context));
    },
    { policy: 'stately' },
  );
  context.jobs.schedule(EXPORT_PURGE_QUEUE, '47 4 * * *');
}

export { createClientLinkResolver } from './links';
/** For presentations: a link made from a chosen, ordered selection, and the PDF's embedded fonts and text helpers. */
export { createClientLink } from './links';
export { embedFonts, oneLine, wrap } from './export-pdf';

/** The server-side <head> of pages that need link previews (the project share page). */
export function createPageHead(context: AppContext) {
  return (pathname: string) => projectSharePageMeta(context.database.db, context.config.publicUrl, pathname);
}
