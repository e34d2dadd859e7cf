import { RETENTION } from './contracts/retention';

/** The retention preview's texts, on the office settings page (ours). */
export const RETENTION_TEXTS = {
  section: 'Coming data purges',
  intro: (days: number) =>
    `Candidates nobody selected lose their media and contact details ${days} days after their project is archived. Selected candidates (in an opportunity’s Selects folder, held or booked on the roster) keep everything, and names, votes and notes stay. The owners receive an e-mail ${RETENTION.noticeDays} days before each project’s purge.`,
  off: 'Your office keeps candidates’ data: nothing is purged. Set a number of days above to purge the data of candidates nobody selected after their project is archived.',
  none: 'No archived project is waiting for a purge.',
  loading: 'Loading the coming purges',
  loadFailed: (reason: string) => `The coming purges could not be loaded: ${reason}`,
  caption: 'Archived projects and what their purge removes',
  project: 'Project',
  archived: 'Archived',
  purgeOn: 'Purged on',
  candidates: 'Candidates losing data',
  mediaItems: 'Media items',
  noticeSent: (when: string) => `Owners told ${when}`,
  noticeDue: 'Owners not told yet',
  showMore: 'Show more archived projects',
} as const;
