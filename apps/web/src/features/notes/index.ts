import { createElement } from 'react';
import { can, type ProjectActor } from '@casting/domain';
import { TapeNotes } from './tape-notes';
import { clientNotesTarget, teamNotesTarget } from './notes-api';
import { CandidateNotes } from './notes-panel';

/** The notes feature's public entry: the preview's notes panel and the media viewer's time-coded notes. */
export { CandidateNotes } from './notes-panel';
export type { CandidateNotesProps } from './notes-panel';
export { TapeNotes } from './tape-notes';
export { clientNotesTarget, teamNotesTarget } from './notes-api';

interface PreviewRow {
  applicantId: string;
  roleId: string;
}

const reviews = (actor: ProjectActor | null | undefined) => can(actor, 'PROJECT_PREVIEW');

/** The candidate preview's notes section, for those who review (PROJECT_PREVIEW); nothing for others. */
export function PreviewNotes(props: { projectId: string; row: PreviewRow; actor?: ProjectActor | null }) {
  const { projectId, row, actor } = props;
  if (!reviews(actor)) return null;
  return createElement(CandidateNotes, { projectId, applicantId: row.applicantId, roleId: row.roleId });
}

/** The media viewer's panel under a tape: the team's time-coded notes on it, for those who review. */
export function teamTapePanel(projectId: string, row: PreviewRow, actor?: ProjectActor | null) {
  if (!reviews(actor)) return undefined;
  const target = teamNotesTarget(projectId, row.applicantId, row.roleId);
  return (item: { id: string }, video: HTMLVideoElement | null) =>
    createElement(TapeNotes, { target, mediaId: item.id, video, canWrite: true });
}

/** The client review page's panel under a tape: the notes a link's viewer reads, and adds once named. */
export function clientTapePanel(input: {
  projectId: string;
  applicantId: string;
  secret: string;
  submissionId: string;
  options: { noAuth?: boolean; headers?: Record<string, string> };
  canWrite: boolean;
}) {
  const target = clientNotesTarget(
    input.projectId,
    input.applicantId,
    input.secret,
    input.submissionId,
    input.options,
  );
  return (item: { id: string }, video: HTMLVideoElement | null) =>
    createElement(TapeNotes, { target, mediaId: item.id, video, canWrite: input.canWrite });
}
