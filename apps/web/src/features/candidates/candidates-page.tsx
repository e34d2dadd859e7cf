import {
  APPLICANT_SEARCH_MIN_CHARS,
  can,
  COMPARE_TEXTS,
  extractErrorMessage,
  UI_TEXTS,
} from '@casting/domain';
import type { ApplicantListItem, Folder, ProjectDetail, VoteType } from '@casting/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { usePageShortcuts } from '../../lib/shortcuts/page-shortcuts';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { FilterChips } from '../../ui/filter-chips';
import { SearchField } from '../../ui/search-field';
import { mayChat } from '../chat';
import { ProjectWorkspace, useProjectIdParam } from '../projects';
import { VoteReminder } from '../reminders';
import { roleOptionsQuery } from '../opportunities';
import { AgencyReviewNotice, maySendToCasting, SendToCasting } from './agency-review';
import { BulkActions } from './bulk-actions';
import { CandidateFilters } from './candidate-filters';
import { mayDo } from './candidate-permissions';
import type { CandidateAction } from './candidate-permissions';
import { CandidatePreview, PREVIEW_SHORTCUTS } from './candidate-preview';
import { CandidateResults } from './candidate-results';
import { allHidden, HideButton } from './hide-toggle';
import { CandidatesHeader } from './candidates-header';
import { candidateFoldersQuery, candidateListQuery, folderCountsQuery, useVote } from './candidates-api';
import { listQuery, withFolder, withoutFilters, withRole } from './candidates-url';
import { OpportunityNav } from './opportunity-nav';
import { NO_SELECTION, selectedInOrder } from './selection';
import type { Selection } from './selection';
import { useCandidatesView, useSearchBox } from './use-candidates-view';
import { useFilterChips, useFilterOptions } from './use-filter-options';
import { useLiveCandidates } from './use-live-candidates';
import { useOpenCandidate } from './use-open-candidate';
import { RequestSelfTapesButton, SelfTapeRequestsLink } from '../self-tapes';
import { usePrefetchNeighbours } from './use-prefetch-neighbours';
import { CreatePresentationButton } from '../presentations';
import { InviteToAuditionButton } from '../auditions';

/** /projects/candidate/:id: the review workspace of a project's candidates. */
export function ProjectCandidatesPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <CandidatesWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

const VOTES: readonly [VoteType, CandidateAction][] = [
  ['UP_VOTE', 'UP_VOTE'],
  ['DOWN_VOTE', 'DOWN_VOTE'],
  ['MAYBE', 'MAYBE_VOTE'],
];

function CandidatesWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const { view, setView, updateView } = useCandidatesView();
  usePageShortcuts(PREVIEW_SHORTCUTS);
  const actor = project.projectActor;
  const { user } = useAuth();
  // A super admin may look at the talent submitters' folders; a talent submitter only ever sees those.
  const submitterView = actor === 'SA' && view.submitterFolders;
  const submitterSet = actor === 'TS' || submitterView;

  const roles = useQuery(roleOptionsQuery(http, project.id));
  const opportunities = useMemo(() => roles.data?.items ?? [], [roles.data]);
  const roleNames = useMemo(
    () => new Map(opportunities.map((option) => [option.value, option.label])),
    [opportunities],
  );
  const folders = useQuery({
    ...candidateFoldersQuery(http, project.id, view.roleId ?? '', submitterSet),
    enabled: view.roleId !== null,
  });
  // Counts are part of the project's candidate queries: every change (and APPLICANTS_UPDATED) refetches them.
  const folderCounts = useQuery({
    ...folderCountsQuery(http, project.id, view.roleId ?? ''),
    enabled: view.roleId !== null,
  });
  const folder: Folder | null = folders.data?.items.find((item) => item.id === view.folderId) ?? null;
  // The reminder to vote counts the candidates waiting in the opportunity's New Submissions folder.
  const newFolder = folders.data?.items.find((item) => item.systemAlias === 'NEW_SUBMISSIONS');
  const newCount = folderCounts.data?.find((entry) => entry.folderId === newFolder?.id)?.count ?? 0;
  const newSubmissions = newFolder ? { id: newFolder.id, count: newCount } : null;

  // An opportunity (or folder) that is not in this project is removed from the link rather than sent to the API.
  useEffect(() => {
    if (roles.data && view.roleId && !roleNames.has(view.roleId))
      setView(withRole(view, null), { replace: true });
    else if (folders.data && view.folderId && !folder) setView(withFolder(view, null), { replace: true });
  });

  const [filtersOpen, setFiltersOpen] = useState(false);
  const options = useFilterOptions(project.id, actor, view, filtersOpen);
  const { text, typeSearch } = useSearchBox(view, updateView);

  const query = listQuery({ ...view, submitterFolders: submitterView }, view.q);
  const list = useInfiniteQuery(candidateListQuery(http, project.id, query));
  const items: ApplicantListItem[] = useMemo(
    () => list.data?.pages.flatMap((page) => page.items) ?? [],
    [list.data],
  );
  const order = useMemo(() => items.map((item) => item.id), [items]);

  // The selection belongs to one list: another filter starts afresh.
  const listKey = JSON.stringify(query);
  const [picked, setPicked] = useState<{ key: string; selection: Selection }>({
    key: listKey,
    selection: NO_SELECTION,
  });
  const selection = picked.key === listKey ? picked.selection : NO_SELECTION;
  const setSelection = (next: Selection) => setPicked({ key: listKey, selection: next });
  const selectedIds = selectedInOrder(selection, order);

  useLiveCandidates(project.id);

  const scope = { actor, folderAlias: folder?.systemAlias ?? null, submitterView };
  const may = (action: CandidateAction) => mayDo(scope, action);
  const sendToCasting = maySendToCasting(actor, scope.folderAlias);
  const allowedVotes = VOTES.filter(([, action]) => may(action)).map(([vote]) => vote);
  const vote = useVote(project.id);

  const { openIndex, openRow, openCandidate, step } = useOpenCandidate(view, setView, list, items, order);
  usePrefetchNeighbours(project.id, items, openIndex);
  // "Review now" opens the folder of new submissions and, once its list is in, its first candidate, so the vote keys
  // act at once.
  const reviewing = useRef<string | null>(null);
  const firstId = items[0]?.id ?? null;
  const listSettled = !list.isPending && !list.isFetching && !list.isPlaceholderData;
  useEffect(() => {
    if (!reviewing.current || view.folderId !== reviewing.current || !listSettled) return;
    reviewing.current = null;
    if (firstId) openCandidate(firstId);
  });
  const { chips, removeChip } = useFilterChips(view, setView, options.names);

  return (
    <div className="flex flex-col gap-4">
      <CandidatesHeader
        project={project}
        view={view}
        setView={setView}
        selectedIds={selectedIds}
        folder={folder}
        submitterSet={submitterSet}
      />
      <div
        className={cn(
          'grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[15rem_minmax(0,1fr)]',
          openRow && 'xl:grid-cols-[15rem_minmax(0,1fr)_26rem]',
        )}
      >
        <OpportunityNav
          view={view}
          setView={setView}
          opportunities={opportunities}
          loading={roles.isPending}
          folders={folders.data?.items ?? null}
          foldersLoading={folders.isPending}
          counts={folderCounts.data ?? null}
        />

        <section aria-labelledby="candidates-list-heading" className="flex min-w-0 flex-col gap-3">
          <h2 id="candidates-list-heading" className="sr-only">
            {folder ? `Candidates in ${folder.name}` : 'Candidates'}
          </h2>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <div className="flex-1">
              <SearchField
                label={UI_TEXTS.searchCandidates}
                value={text}
                onChange={typeSearch}
                minChars={APPLICANT_SEARCH_MIN_CHARS}
                hint="Name or e-mail"
              />
            </div>
            <Button
              variant="secondary"
              className="sm:mt-6"
              aria-expanded={filtersOpen}
              aria-controls="candidate-filters"
              onClick={() => setFiltersOpen((value) => !value)}
            >
              Filters{chips.length > 0 ? ` (${chips.length})` : ''}
            </Button>
          </div>
          <div id="candidate-filters" hidden={!filtersOpen}>
            {filtersOpen ? (
              <CandidateFilters
                view={view}
                onChange={(next) => setView({ ...next, candidateId: null })}
                genders={options.genders}
                unions={options.unions}
                ethnicAppearances={options.ethnicAppearances}
                tags={options.tags}
                teamMembers={options.teamMembers}
                feedbackEnabled={folders.data?.folderFeedbackEnabled ?? true}
                referralLinks={options.referralLinks}
                agents={options.agents}
              />
            ) : null}
          </div>
          <FilterChips chips={chips} onRemove={removeChip} onClearAll={() => setView(withoutFilters(view))} />

          {newSubmissions &&
          newSubmissions.id !== view.folderId &&
          can(actor, 'CANDIDATE_VOTE') &&
          !submitterSet ? (
            <VoteReminder
              count={newSubmissions.count}
              onReview={() => {
                reviewing.current = newSubmissions.id;
                setView(withFolder(view, newSubmissions.id));
              }}
            />
          ) : null}

          {submitterSet ? null : (
            <AgencyReviewNotice projectId={project.id} roleId={view.roleId} actor={actor} />
          )}

          {selectedIds.length > 0 && view.roleId && !submitterSet && can(actor, 'REQUEST_SELF_TAPES') ? (
            <RequestSelfTapesButton projectId={project.id} roleId={view.roleId} submissionIds={selectedIds} />
          ) : null}
          {!submitterSet && can(actor, 'VIEW_SELF_TAPES') ? (
            <SelfTapeRequestsLink projectId={project.id} />
          ) : null}
          {selectedIds.length > 0 ? (
            <BulkActions
              projectId={project.id}
              rowIds={selectedIds}
              may={may}
              opportunities={opportunities}
              folders={view.roleId ? (folders.data?.items ?? null) : null}
              folder={folder}
              submitterFolders={submitterSet}
              otherProjects={!submitterSet && can(actor, 'ADD_REMOVE_APPLICANT')}
              tags={options.tags}
              sendToCasting={sendToCasting}
              hidden={allHidden(
                items.filter((item) => selectedIds.includes(item.id)),
                folders.data?.items,
              )}
              onDone={() => setSelection(NO_SELECTION)}
              onClear={() => setSelection(NO_SELECTION)}
            />
          ) : null}
          {selectedIds.length > 0 && view.roleId && can(actor, 'MANAGE_CLIENT_LINKS') ? (
            <CreatePresentationButton
              projectId={project.id}
              roleId={view.roleId}
              submissionIds={selectedIds}
            />
          ) : null}
          {(selectedIds.length > 0 || folder) && !submitterSet && can(actor, 'MANAGE_PROJECT_ROSTER') ? (
            <InviteToAuditionButton
              projectId={project.id}
              folder={folder ? { id: folder.id, name: folder.name } : null}
              applicantIds={[
                ...new Set(
                  items.filter((item) => selectedIds.includes(item.id)).map((item) => item.applicantId),
                ),
              ]}
            />
          ) : null}

          <CandidateResults
            project={project}
            list={list}
            query={query}
            items={items}
            order={order}
            view={view}
            folder={folder}
            selection={selection}
            setSelection={setSelection}
            mayReorder={may('REORDER')}
            filtered={chips.length > 0}
            noOpportunities={roles.isSuccess && opportunities.length === 0}
            onClearFilters={() => setView(withoutFilters(view))}
            roleNames={roleNames}
            genderNames={options.genderNames}
            onOpen={openCandidate}
          />
        </section>

        {openRow ? (
          <CandidatePreview
            key={openRow.id}
            projectId={project.id}
            row={openRow}
            position={{ index: openIndex, loaded: items.length, more: list.hasNextPage }}
            onNext={() => step(1)}
            onPrevious={() => step(-1)}
            onClose={() => openCandidate(null)}
            allowedVotes={allowedVotes}
            actions={
              sendToCasting || may('HIDE') ? (
                <>
                  {sendToCasting ? (
                    <SendToCasting
                      projectId={project.id}
                      rowIds={[openRow.id]}
                      onSent={() => openCandidate(null)}
                    />
                  ) : null}
                  {may('HIDE') ? (
                    <HideButton
                      projectId={project.id}
                      rowId={openRow.id}
                      hidden={allHidden([openRow], folders.data?.items)}
                    />
                  ) : null}
                </>
              ) : null
            }
            actor={submitterSet ? null : actor}
            media={{
              canUpload: mayDo(scope, 'ADD_MEDIA'),
              canDelete: mayDo(scope, 'DELETE_MEDIA'),
              canManageVisibility: !submitterSet && can(actor, 'MANAGE_MEDIA_VISIBILITY'),
              teamTools: !submitterSet && can(actor, 'CANDIDATE_MEDIA'),
              userEmail: user?.email,
              chat: mayChat(actor, Boolean(user?.agent)),
              selfie: mayDo(scope, 'SELFIE') ? 'manage' : can(actor, 'CANDIDATE_SELFIE') ? 'read' : null,
            }}
            onVote={(choice) =>
              vote.mutate(
                { ids: [openRow.id], vote: choice },
                {
                  onError: (error) =>
                    toast.error(COMPARE_TEXTS.voteFailed, { description: extractErrorMessage(error) }),
                },
              )
            }
          />
        ) : null}
      </div>
    </div>
  );
}
