import type { ApiModule } from '../../platform/http/module';
import { importRoutes } from './routes';

/**
 * Import: people from CSV or Excel into an opportunity, with column mapping, preview, per-row validation
 * (the domain's add-candidate rules), duplicate detection, a dry run, and a resumable background job whose failed
 * rows download as CSV. Candidates are written through the candidates module's `submitApplicant`. See
 * docs/decisions/0043-import.md.
 */
export const importModule: ApiModule = { name: 'import', register: importRoutes };

export { defineImportJobs } from './runner';
