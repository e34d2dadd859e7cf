import {
  APPLICANT_SEARCH_MIN_CHARS,
  BULK_MAX,
  can,
  extractErrorMessage,
  SEARCH_SELECT_DEBOUNCE_MS,
  UI_TEXTS,
} from '@casting/domain';
import type { ApplicantList, ApplicantListItem, Folder, ProjectDetail, VoteType } from '@casting/domain';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useLiveProject } from '../../lib/live/use-live-project';
import { paths } from '../../lib/routing/paths';
import { usePageShortcuts } from '../../lib/shortcuts/page-shortcuts';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { FilterChips } from '../../ui/filter-chips';
import type { FilterChip } from '../../ui/filter-chips';
import { LinkButton } from '../../ui/link-button';
import { PageHeader } from '../../ui/page-header';
import { SearchField } from '../../ui/search-field';
import { SkeletonList } from '../../ui/skeleton';
import { lookupValuesQuery } from '../lookups';
import { DownloadZipDialog, MEDIA_TEXTS, mediaKeys } from '../media';
import { ProjectWorkspace, useProjectIdParam } from '../projects';
import { roleOptionsQuery } from '../opportunities';
import { teamMembersQuery } from '../team';
import { VoteReminder } from '../reminders';
import { mayChat } from '../chat';
import { ClientLinksDialog, CreateClientLinkDialog } from '../client-review';
import { CreateLinkDialog } from '../links';
import { BulkActions } from './bulk-actions';
import { CandidateFilters, NativeSelect } from './candidate-filters';
import { CandidateList } from './candidate-list';
import { FolderNav } from './folder-nav';
import { mayDo } from './candidate-permissions';
import type { CandidateAction } from './candidate-permissions';
import { CandidatePreview, PREVIEW_SHORTCUTS } from './candidate-preview';
import {
  candidateFoldersQuery,
  candidateKeys,
  agentOptionsQuery,
  folderCountsQuery,
  candidateListQuery,
  referralOptionsQuery,
  projectTagsQuery,
  refreshCandidates,
  useSortFolder,
  useVote,
} from './candidates-api';
import {
  activeFilters,
  AGENT_SEARCH_LABELS,
  FEEDBACK_LABELS,
  listQuery,
  MISSING_LABELS,
  parseView,
  serializeView,
  sortLabel,
  withFolder,
  withoutFilter,
  withoutFilters,
  withRole,
} from './candidates-url';
import type { ActiveFilter, CandidatesView } from './candidates-url';
import { NO_SELECTION, selectAll, selectedInOrder, selectRange, toggle } from './selection';
import type { Selection } from './selection';
import { useAuth } from '../../lib/auth/auth-provider';

/** /projects/candidate/:id: the review workspace of a project's candidates. */
export function ProjectCandidatesPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <CandidatesWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

/**
 * The view in the URL: every change is a navigation, so Back undoes it and a link shares it. `updateView` reads the
 * URL as it is when it runs (for timers, whose view may be stale).
 */
function useView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params), [params]);
  const setView = (next: CandidatesView, options: { replace?: boolean } = {}) =>
    setParams(serializeView(next), { replace: options.replace ?? false });
  const updateView = (change: (current: CandidatesView) => CandidatesView) =>
    setParams((current) => serializeView(change(parseView(current))), { replace: true });
  return { view, setView, updateView };
}

const VOTES: readonly [VoteType, CandidateAction][] = [
  ['UP_VOTE', 'UP_VOTE'],
  ['DOWN_VOTE', 'DOWN_VOTE'],
  ['MAYBE', 'MAYBE_VOTE'],
];

function CandidatesWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const { view, setView, updateView } = useView();
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
  // The reminder to vote (spec section 9) counts the opportunity's New Submissions folder.
  const newFolder = folders.data?.items.find((item) => item.systemAlias === 'NEW_SUBMISSIONS');
  const newCount = folderCounts.data?.find((entry) => entry.folderId === newFolder?.id)?.count ?? 0;
  const newSubmissions = newFolder ? { id: newFolder.id, count: newCount } : null;

  // An opportunity (or folder) that is not in this project is dropped from the link rather than sent (spec 2).
  useEffect(() => {
    if (roles.data && view.roleId && !roleNames.has(view.roleId))
      setView(withRole(view, null), { replace: true });
    else if (folders.data && view.folderId && !folder) setView(withFolder(view, null), { replace: true });
  });

  const genders = useQuery(lookupValuesQuery(http, 'role-genders'));
  const genderNames = useMemo(
    () => new Map((genders.data ?? []).map((option) => [option.value, option.label])),
    [genders.data],
  );
  const tags = useQuery(projectTagsQuery(http, project.id));
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Feedback is filtered by team member only by those who may see feedback (VIEW_FEEDBACK); the team is loaded
  // only while the panel or such a filter needs it.
  const seesFeedback = can(actor, 'VIEW_FEEDBACK');
  const team = useQuery({
    ...teamMembersQuery(http, project.id),
    enabled: seesFeedback && (filtersOpen || view.feedbackFrom.length > 0),
  });
  const teamOptions = useMemo(
    () =>
      (team.data?.items ?? []).flatMap((member) =>
        member.user ? [{ value: member.user.id, label: member.user.fullName }] : [],
      ),
    [team.data],
  );
  const teamNames = useMemo(
    () => new Map(teamOptions.map((option) => [option.value, option.label])),
    [teamOptions],
  );
  // Referral links are the links page's (SUBMIT_TALENT). Choosing agents is the team's (SELECT_LINK_REFERRAL_USERS):
  // a talent submitter is an agent and filters no other agents. Both lists load only while needed.
  const mayFilterReferral = can(actor, 'SUBMIT_TALENT');
  const mayFilterAgents = can(actor, 'SELECT_LINK_REFERRAL_USERS');
  const referralLinks = useQuery({
    ...referralOptionsQuery(http, project.id),
    enabled: mayFilterReferral && (filtersOpen || view.referral.length > 0),
  });
  const agentOptions = useQuery({
    ...agentOptionsQuery(http, project.id),
    enabled: mayFilterAgents && (filtersOpen || view.agents.length > 0),
  });
  const linkNames = useMemo(
    () => new Map((referralLinks.data ?? []).map((option) => [option.value, option.label])),
    [referralLinks.data],
  );
  const agentNames = useMemo(
    () => new Map((agentOptions.data ?? []).map((option) => [option.value, option.label])),
    [agentOptions.data],
  );
  const tagOptions = useMemo(() => tags.data ?? [], [tags.data]);
  const tagNames = useMemo(() => new Map(tagOptions.map((tag) => [tag.value, tag.label])), [tagOptions]);

  // The search box answers each key press; the URL and the list follow once typing pauses. A search changed from
  // outside (a chip removed, Back) replaces the box's text; the page's own change does not, so typing on is kept.
  const [search, setSearch] = useState({ text: view.q, seen: view.q, sent: view.q });
  let text = search.text;
  if (search.seen !== view.q) {
    const next = { ...search, seen: view.q, text: view.q === search.sent ? search.text : view.q };
    setSearch(next);
    text = next.text;
  }
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const typeSearch = (typed: string) => {
    setSearch((current) => ({ ...current, text: typed }));
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      const term = typed.trim().length >= APPLICANT_SEARCH_MIN_CHARS ? typed.trim() : '';
      setSearch((current) => ({ ...current, sent: term }));
      updateView((current) => (current.q === term ? current : { ...current, q: term, candidateId: null }));
    }, SEARCH_SELECT_DEBOUNCE_MS);
  };

  const query = listQuery({ ...view, submitterFolders: submitterView }, view.q);
  const list = useInfiniteQuery(candidateListQuery(http, project.id, query));
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
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
  const [shareOpen, setShareOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [clientLinksOpen, setClientLinksOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  // Submission links from the candidates page: created links take the person to the links page (spec section 4).
  const mayCreateLinks = can(actor, 'SUBMIT_TALENT');

  useLiveProject(project.id, (update) => {
    if (update.event === 'APPLICANTS_UPDATED') void refreshCandidates(queryClient, project.id);
    // A hold, booking or release changes the roster pill of a row (sent only to those who may read the roster).
    if (update.event === 'PROJECT_ROSTER_UPDATED') {
      void queryClient.invalidateQueries({ queryKey: candidateKeys.lists(project.id) });
    }
    // A media item of a candidate changed state (converted, failed, stream ready): that candidate's media and
    // profile are refetched, whoever's screen it is on.
    if (
      update.event === 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT' ||
      update.event === 'APPLICANT_STREAM_STATUS_UPDATED_EVENT'
    ) {
      const applicantId = update.payload?.applicantId;
      if (typeof applicantId === 'string') {
        void queryClient.invalidateQueries({ queryKey: mediaKeys.candidate(applicantId) });
        void queryClient.invalidateQueries({ queryKey: candidateKeys.detail(project.id, applicantId) });
      } else {
        void refreshCandidates(queryClient, project.id);
      }
    }
  });

  const scope = { actor, folderAlias: folder?.systemAlias ?? null, submitterView };
  const may = (action: CandidateAction) => mayDo(scope, action);
  const allowedVotes = VOTES.filter(([, action]) => may(action)).map(([vote]) => vote);
  const vote = useVote(project.id);
  const sortFolder = useSortFolder(project.id);
  // Not while the previous list stands in for the folder's order (it would be reordered from the wrong order).
  const reorderable = folder !== null && view.sort === 'manual' && may('REORDER') && !list.isPlaceholderData;

  const openIndex = view.candidateId ? order.indexOf(view.candidateId) : -1;
  const openRow: ApplicantListItem | null = openIndex >= 0 ? items[openIndex]! : null;
  // Where the open candidate was: a vote or a move may take it out of this folder, and the review goes on with the
  // candidate that took its place rather than closing the preview.
  const [lastOpen, setLastOpen] = useState<{ id: string; index: number } | null>(null);
  if (openIndex >= 0 && (lastOpen?.id !== view.candidateId || lastOpen.index !== openIndex)) {
    setLastOpen({ id: view.candidateId!, index: openIndex });
  }
  const leftTheList =
    view.candidateId !== null && openIndex === -1 && lastOpen?.id === view.candidateId && !list.isFetching;
  // A shared link may open a candidate further down the list: load on (up to 20 pages) until the row is there.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const looking =
    view.candidateId !== null &&
    openIndex === -1 &&
    lastOpen?.id !== view.candidateId &&
    !list.isPending &&
    items.length < 1000;
  useEffect(() => {
    if (looking && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [looking, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (!leftTheList || !lastOpen) return;
    const next = items[Math.min(lastOpen.index, items.length - 1)];
    setView({ ...view, candidateId: next?.id ?? null }, { replace: true });
  });
  const openCandidate = (id: string | null) => setView({ ...view, candidateId: id }, { replace: true });
  const step = (by: 1 | -1) => {
    const next = openIndex + by;
    if (next < 0) return;
    if (next < items.length) return openCandidate(items[next]!.id);
    if (list.hasNextPage && !list.isFetchingNextPage) {
      void list.fetchNextPage().then((result) => {
        const more = result.data?.pages.flatMap((page) => page.items) ?? [];
        if (more[next]) openCandidate(more[next].id);
      });
    }
  };

  const selectAllMatching = async () => {
    let hasMore = list.hasNextPage;
    let loaded = items.length;
    // Bulk calls take at most BULK_MAX rows; load pages until that many (or all) are on screen.
    while (hasMore && loaded < BULK_MAX) {
      const fetched = await list.fetchNextPage();
      if (fetched.isError) break;
      hasMore = fetched.hasNextPage;
      loaded = fetched.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? loaded;
    }
    const pages = queryClient.getQueryData<InfiniteData<ApplicantList>>(
      candidateKeys.list(project.id, query),
    )?.pages;
    const all = (pages ?? []).flatMap((page) => page.items.map((item) => item.id)).slice(0, BULK_MAX);
    setSelection(selectAll(all));
    if (all.length === BULK_MAX) {
      toast.info(`The first ${BULK_MAX} matching candidates are selected, the most one action takes.`);
    }
  };

  const reorder = (rowIds: string[]) => {
    if (!folder) return;
    const byId = new Map(items.map((item) => [item.id, item]));
    // The new order shows at once; the refresh after the call confirms it (or restores the old one on refusal).
    queryClient.setQueryData<InfiniteData<ApplicantList>>(candidateKeys.list(project.id, query), (data) => {
      if (!data) return data;
      let offset = 0;
      return {
        ...data,
        pages: data.pages.map((page) => {
          const pageItems = rowIds.slice(offset, offset + page.items.length).map((id) => byId.get(id)!);
          offset += page.items.length;
          return { ...page, items: pageItems };
        }),
      };
    });
    sortFolder.mutate(
      { folderId: folder.id, rowIds },
      {
        onSuccess: () => toast.success('New order saved'),
        onError: (error) =>
          toast.error('The new order could not be saved', { description: extractErrorMessage(error) }),
      },
    );
  };

  const chips: FilterChip[] = activeFilters(view).map((filter) => ({
    id: `${filter.key}:${filter.value ?? ''}`,
    label: chipLabel(view, filter, { genderNames, tagNames, teamNames, linkNames, agentNames }),
  }));
  const removeChip = (id: string) => {
    const filter = activeFilters(view).find((item) => `${item.key}:${item.value ?? ''}` === id);
    if (filter) setView(withoutFilter(view, filter));
  };

  // Client review links (issue 15): made from the selection and/or folders of any opportunity (the open folder is
  // ticked when nothing is selected).
  const mayShareWithClients = !submitterSet && can(actor, 'MANAGE_CLIENT_LINKS');

  // Media zip (issue 11): of the selection, or of everyone in the open folder when nothing is selected, mailed as a
  // link. Shown to those who have the candidate preview's media tools (the team, not the submitter folders).
  const mayDownloadMedia = !submitterSet && can(actor, 'CANDIDATE_MEDIA');
  const downloadSubject =
    selectedIds.length > 0
      ? `the ${selectedIds.length} selected candidate${selectedIds.length === 1 ? '' : 's'}`
      : folder
        ? `everyone in the folder ${folder.name}`
        : '';

  return (
    <div className="flex flex-col gap-4">
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
          submissionIds={selectedIds}
          folderIds={selectedIds.length === 0 && folder ? [folder.id] : []}
        />
      ) : null}
      {seesFeedback && !submitterSet ? (
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
            {seesFeedback && !submitterSet ? (
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
      <div
        className={cn(
          'grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[15rem_minmax(0,1fr)]',
          openRow && 'xl:grid-cols-[15rem_minmax(0,1fr)_26rem]',
        )}
      >
        <nav aria-label="Opportunities and folders" className="flex min-w-0 flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Opportunity
            <NativeSelect
              value={view.roleId ?? ''}
              disabled={roles.isPending}
              onChange={(event) => setView(withRole(view, event.target.value || null))}
            >
              <option value="">All opportunities</option>
              {opportunities.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </label>
          {view.roleId ? (
            <FolderNav
              folders={folders.data?.items ?? null}
              loading={folders.isPending}
              current={view.folderId}
              counts={folderCounts.data ?? null}
              hrefFor={(folderId) => `?${serializeView(withFolder(view, folderId)).toString()}`}
            />
          ) : (
            <p className="text-sm text-ink-muted">Choose an opportunity to see its folders.</p>
          )}
        </nav>

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
                genders={genders.data ?? []}
                tags={tagOptions}
                teamMembers={seesFeedback ? teamOptions : null}
                feedbackEnabled={folders.data?.folderFeedbackEnabled ?? true}
                referralLinks={mayFilterReferral ? (referralLinks.data ?? []) : null}
                agents={mayFilterAgents ? (agentOptions.data ?? []) : null}
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
              onReview={() => setView(withFolder(view, newSubmissions.id))}
            />
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
              tags={tagOptions}
              onDone={() => setSelection(NO_SELECTION)}
              onClear={() => setSelection(NO_SELECTION)}
            />
          ) : null}

          {list.isPending ? (
            <SkeletonList label="Loading candidates" rows={6} />
          ) : list.isError ? (
            <p role="alert" className="text-sm text-danger">
              The candidates could not be loaded: {extractErrorMessage(list.error)}
            </p>
          ) : items.length === 0 ? (
            <NoCandidates
              project={project}
              filtered={chips.length > 0}
              folder={folder}
              noOpportunities={roles.isSuccess && opportunities.length === 0}
              onClear={() => setView(withoutFilters(view))}
            />
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <label className="flex min-h-9 items-center gap-2 text-ink">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={selectedIds.length === items.length}
                    ref={(element) => {
                      if (element)
                        element.indeterminate = selectedIds.length > 0 && selectedIds.length < items.length;
                    }}
                    onChange={(event) => setSelection(event.target.checked ? selectAll(order) : NO_SELECTION)}
                  />
                  Select all {items.length} shown
                </label>
                {list.hasNextPage ? (
                  <Button variant="ghost" className="min-h-9 px-2" onClick={() => void selectAllMatching()}>
                    Select all matching
                  </Button>
                ) : null}
                <span className="text-ink-muted">
                  {sortLabel(view.sort)}
                  {reorderable
                    ? ' · drag a row by its handle, or focus the handle and use Space and the arrow keys'
                    : ''}
                </span>
              </div>
              <CandidateList
                items={items}
                selected={selection.ids}
                openId={view.candidateId}
                roleNames={roleNames}
                showRole={view.roleId === null}
                genderNames={genderNames}
                busy={list.isFetching}
                onToggle={(id, range) =>
                  setSelection(range ? selectRange(selection, order, id) : toggle(selection, id))
                }
                onOpen={openCandidate}
                onReorder={reorderable ? reorder : undefined}
              />
              {list.hasNextPage ? (
                <Button
                  variant="secondary"
                  className="self-center"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? 'Loading…' : UI_TEXTS.showMoreCandidates}
                </Button>
              ) : (
                <p className="text-center text-sm text-ink-muted">
                  {items.length === 1
                    ? 'That is the only candidate.'
                    : `All ${items.length} candidates are shown.`}
                </p>
              )}
            </>
          )}
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
            actor={submitterSet ? null : actor}
            media={{
              canUpload: mayDo(scope, 'ADD_MEDIA'),
              canDelete: mayDo(scope, 'DELETE_MEDIA'),
              canManageVisibility: !submitterSet && can(actor, 'MANAGE_MEDIA_VISIBILITY'),
              teamTools: !submitterSet && can(actor, 'CANDIDATE_MEDIA'),
              userEmail: user?.email,
              chat: mayChat(actor, Boolean(user?.agent)),
            }}
            onVote={(choice) =>
              vote.mutate(
                { ids: [openRow.id], vote: choice },
                {
                  onError: (error) =>
                    toast.error('The vote could not be saved', { description: extractErrorMessage(error) }),
                },
              )
            }
          />
        ) : null}
      </div>
    </div>
  );
}

function chipLabel(
  view: CandidatesView,
  filter: ActiveFilter,
  names: Record<
    'genderNames' | 'tagNames' | 'teamNames' | 'linkNames' | 'agentNames',
    ReadonlyMap<string, string>
  >,
): string {
  const { genderNames, tagNames, teamNames, linkNames, agentNames } = names;
  switch (filter.key) {
    case 'q':
      return `Search: ${view.q}`;
    case 'feedback':
      return `Feedback: ${view.feedback ? FEEDBACK_LABELS[view.feedback] : ''}`;
    case 'age':
      return view.ageMin !== null && view.ageMax !== null
        ? `Age ${view.ageMin}–${view.ageMax}`
        : view.ageMin !== null
          ? `Age ${view.ageMin} or older`
          : `Age ${view.ageMax} or younger`;
    case 'gender':
      return `Gender: ${genderNames.get(filter.value ?? '') ?? 'unknown'}`;
    case 'missingGender':
      return `Gender: ${MISSING_LABELS[view.missingGender].toLowerCase()}`;
    case 'missingAge':
      return `Age: ${MISSING_LABELS[view.missingAge].toLowerCase()}`;
    case 'tagsIn':
      return `Tag: ${tagNames.get(filter.value ?? '') ?? 'unknown'}${view.tagsIn.length > 1 && view.tagsInMode === 'AND' ? ' (all)' : ''}`;
    case 'tagsNotIn':
      return `Without tag: ${tagNames.get(filter.value ?? '') ?? 'unknown'}`;
    case 'feedbackFrom':
      return `Feedback from: ${teamNames.get(filter.value ?? '') ?? 'a team member'}${view.feedbackFrom.length > 1 && view.feedbackFromMode === 'AND' ? ' (all)' : ''}`;
    case 'referral':
      return `Referral: ${linkNames.get(filter.value ?? '') ?? 'a submission link'}`;
    case 'agents':
      return `Agent: ${agentNames.get(filter.value ?? '') ?? 'an agent'}`;
    case 'agentSearch':
      return `${AGENT_SEARCH_LABELS[view.agentSearchType]}: ${view.agentSearchTerm}`;
    case 'sort':
      return `Sort: ${sortLabel(view.sort)}`;
  }
}

function NoCandidates({
  project,
  filtered,
  folder,
  noOpportunities,
  onClear,
}: {
  project: ProjectDetail;
  filtered: boolean;
  folder: Folder | null;
  noOpportunities: boolean;
  onClear(): void;
}) {
  if (noOpportunities) {
    return (
      <EmptyState
        title={UI_TEXTS.noOpportunitiesYet}
        description="Candidates apply to opportunities. Add the roles you are casting first; candidates then appear here."
        action={<LinkButton to={paths.project.roles(project.id)}>Go to opportunities</LinkButton>}
      />
    );
  }
  if (filtered) {
    return (
      <EmptyState
        title="No candidates match these filters."
        description="Remove a filter above or clear them all to see more candidates."
        action={<Button onClick={onClear}>{UI_TEXTS.clearAllFilters}</Button>}
      />
    );
  }
  if (folder) {
    return (
      <EmptyState
        title={`No candidates in “${folder.name}” yet.`}
        description="Open another folder, pick candidates and use “Add to folder”, or vote on them to sort them here."
      />
    );
  }
  return (
    <EmptyState
      title={UI_TEXTS.noCandidatesYet}
      description="Candidates appear here when talent applies to the project’s opportunities or when your team adds them."
    />
  );
}
