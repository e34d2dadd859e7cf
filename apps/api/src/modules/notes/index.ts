import type { ApiModule } from '../../platform/http/module';
import { noteRoutes } from './routes';

export { copyNotes, type NoteCopy } from './copy';
export {
  linkNotesForExport,
  presentationNotesForPdf,
  type ExportedNote,
  type PresentationNote,
} from './export';

/**
 * Notes on candidates and time-coded notes on their tapes, each visible to its author, the team, or also client
 * links; client-link viewers add their own. Copied with a candidate when "Copy comments" is chosen.
 */
export const notesModule: ApiModule = { name: 'notes', register: noteRoutes };
