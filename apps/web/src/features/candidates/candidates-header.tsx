import { can } from '@casting/domain';
import type { Folder, ProjectDetail } from '@casting/domain';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { ClientLinksDialog, CreateClientLinkDialog } from '../client-review';
import { CreateLinkDialog } from '../links';
import { DownloadZipDialog, MEDIA_TEXTS } from '../media';
import { withRole } from './candidates-url';
import type { CandidatesView } from './candidates-url';
import type { SetCandidatesView } from './use-candidates-view';

/**
 * What "Share with client" shares: the selection; else the open folder; else, on "Everyone in this opportunity", the
 * whole opportunity (the API leaves its hidden candidates out).
 */
export function shareChoice(
  selectedIds: readonly string[],
  folder: Pick<Folder, 'id'> | null,
  roleId: string | null,
): { submissionIds: string[]; folderIds: string[]; roleIds: string[] } {
  if (selectedIds.length > 0) return { submissionIds: [...selectedIds], folderIds: [], roleIds: [] };
  if (folder) return { submissionIds: [], folderIds: [folder.id], roleIds: [] };
  return { submissionIds: [], folderIds: [], roleIds: roleId ? [roleId] : [] };
}

/** The page's title and its actions on the selection or the open folder, with the dialogs those actions open. */
export function CandidatesHeader({
  project,
  view,
  setView,
  selectedIds,
  folder,
  submitterSet,
}: {
  project: ProjectDetail;
  view: CandidatesView;
  setView: SetCandidatesView;
  selectedIds: string[];
  folder: Folder | null;
  /** The talent submitters' folders are shown: the team's tools are not offered on them. */
  submitterSet: boolean;
}) {
  const actor = project.projectActor;
  const { user } = useAuth();
  const [shareOpen, setShareOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [clientLinksOpen, setClientLinksOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  // Submission links made from the candidates page take the person to the links page once created.
  const mayCreateLinks = can(actor, 'SUBMIT_TALENT');
  const seesClientLinks = can(actor, 'VIEW_FEEDBACK') && !submitterSet;
  // Client review links are made from the selection and/or folders of any opportunity (the open folder is ticked
  // when nothing is selected).
  const mayShareWithClients = !submitterSet && can(actor, 'MANAGE_CLIENT_LINKS');
  // The media zip is of the selection, or of everyone in the open folder when nothing is selected, mailed as a
  // link. Shown to those who have the candidate preview's media tools (the team, not the submitter folders).
  const mayDownloadMedia = !submitterSet && can(actor, 'CANDIDATE_MEDIA');
  const downloadSubject =
    selectedIds.length > 0
      ? `the ${selectedIds.length} selected candidate${selectedIds.length === 1 ? '' : 's'}`
      : folder
        ? `everyone in the folder ${folder.name}`
        : '';

  return (
    <>
      {mayDownloadMedia && downloadOpen ? (
        <DownloadZipDialog
          open
          onOpenChange={setDownloadOpen}
          projectId={project.id}
          applicantIds={selectedIds}
          {...(selectedIds.length === 0 && folder ? { folderId: folder.id } : {})}
          description={MEDIA_TEXTS.downloadSubjectBody(downloadSubject)}
          defaultEmail={user?.email ?? ''}
        />
      ) : null}
      {mayShareWithClients ? (
        <CreateClientLinkDialog
          open={shareOpen}
          onOpenChange={setShareOpen}
          projectId={project.id}
          {...shareChoice(selectedIds, folder, view.roleId)}
        />
      ) : null}
      {seesClientLinks ? (
        <ClientLinksDialog
          open={clientLinksOpen}
          onOpenChange={setClientLinksOpen}
          projectId={project.id}
          canManage={can(actor, 'MANAGE_CLIENT_LINKS')}
        />
      ) : null}
      {mayCreateLinks ? (
        <CreateLinkDialog
          projectId={project.id}
          open={linkOpen}
          onOpenChange={setLinkOpen}
          submitter={actor === 'TS'}
          submitterAgency={
            actor === 'TS' && user?.agent?.isVerified
              ? { id: user.agent.agencyId, name: 'your agency', agents: [] }
              : null
          }
          navigateOnSuccess
        />
      ) : null}
      <PageHeader
        title="Candidates"
        breadcrumbs={[
          { label: 'Projects', to: paths.projects },
          { label: project.name, to: paths.project.overview(project.id) },
          { label: 'Candidates' },
        ]}
        description={submitterSet ? 'Submission review folders' : undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            {mayCreateLinks ? (
              <Button variant="secondary" onClick={() => setLinkOpen(true)}>
                Create submission link
              </Button>
            ) : null}
            {mayShareWithClients ? (
              <Button variant="secondary" onClick={() => setShareOpen(true)}>
                Share with client
              </Button>
            ) : null}
            {mayDownloadMedia ? (
              <Button
                variant="secondary"
                disabled={selectedIds.length === 0 && !folder}
                title={selectedIds.length === 0 && !folder ? MEDIA_TEXTS.downloadMediaHint : undefined}
                onClick={() => setDownloadOpen(true)}
              >
                {MEDIA_TEXTS.downloadMedia}
              </Button>
            ) : null}
            {seesClientLinks ? (
              <Button variant="secondary" onClick={() => setClientLinksOpen(true)}>
                Client links
              </Button>
            ) : null}
            {actor === 'SA' ? (
              <Button
                variant="secondary"
                aria-pressed={view.submitterFolders}
                onClick={() =>
                  setView({ ...withRole(view, view.roleId), submitterFolders: !view.submitterFolders })
                }
              >
                {view.submitterFolders ? 'Show casting folders' : 'Show submitter folders'}
              </Button>
            ) : null}
          </div>
        }
      />
    </>
  );
}
