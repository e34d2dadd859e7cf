import type { AppContext } from '../../platform/context';
import type { ApiModule } from '../../platform/http/module';
import { buildPresentationPdf, PRESENTATION_PDF_QUEUE, type PresentationPdfJob } from './pdf';
import { presentationRoutes } from './routes';

/**
 * Presentations: a curated package of one opportunity's candidates for a client, in the director's order, with the
 * media chosen per candidate and a layout (cards, or one page per candidate). Shared as a client link (a snapshot of
 * order, media and layout kept beside the link) and printed as a PDF by a job. Decisions 0880 to 0882.
 */
export const presentationsModule: ApiModule = { name: 'presentations', register: presentationRoutes };

export function definePresentationJobs(context: AppContext) {
  context.jobs.define<PresentationPdfJob>(
    PRESENTATION_PDF_QUEUE,
    (job) => buildPresentationPdf(context, job.presentationId),
    { retryLimit: 1, retryDelaySeconds: 30, expireInSeconds: 3600, deadLetter: true, concurrency: 1 },
  );
}
