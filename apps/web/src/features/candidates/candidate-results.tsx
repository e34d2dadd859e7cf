import { BULK_MAX, extractErrorMessage, UI_TEXTS } from '@casting/domain';
import type { ApplicantList, ApplicantListItem, Folder, ProjectDetail } from '@casting/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { QueryParams } from '../../lib/http/http-client';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LinkButton } from '../../ui/link-button';
import { SkeletonList } from '../../ui/skeleton';
import { CandidateGrid } from './candidate-grid';
import { CandidateList } from './candidate-list';
import { candidateKeys, useSortFolder } from './candidates-api';
import { sortLabel } from './candidates-url';
import type { CandidatesView } from './candidates-url';
import { NO_SELECTION, selectAll, selectedInOrder, selectRange, toggle } from './selection';
import type { Selection } from './selection';
import { CompareLink, LayoutToggle } from './layout-toggle';
import { useLayoutChoice } from './use-layout-choice';

/** The candidates list as the page holds it: pages loaded one after the other. */
export type CandidateListQuery = UseInfiniteQueryResult<InfiniteData<ApplicantList>>;

/**
 * The loaded candidates with their selection, order and "show more", or why there are none: loading, an error, or
 * an empty folder, filter or project.
 */
export function CandidateResults({
  project,
  list,
  query,
  items,
  order,
  view,
  folder,
  selection,
  setSelection,
  mayReorder,
  filtered,
  noOpportunities,
  onClearFilters,
  roleNames,
  genderNames,
  onOpen,
}: {
  project: ProjectDetail;
  list: CandidateListQuery;
  /** The list's query, which names its cached pages. */
  query: QueryParams;
  items: ApplicantListItem[];
  order: string[];
  view: CandidatesView;
  folder: Folder | null;
  selection: Selection;
  setSelection(next: Selection): void;
  mayReorder: boolean;
  filtered: boolean;
  noOpportunities: boolean;
  onClearFilters(): void;
  roleNames: ReadonlyMap<string, string>;
  genderNames: ReadonlyMap<string, string>;
  onOpen(id: string | null): void;
}) {
  const queryClient = useQueryClient();
  const { layout, setLayout } = useLayoutChoice();
  const sortFolder = useSortFolder(project.id);
  const selectedIds = selectedInOrder(selection, order);
  const selectedCount = selectedIds.length;
  // Not while the previous list stands in for the folder's order (it would be reordered from the wrong order).
  const reorderable =
    folder !== null && view.sort === 'manual' && mayReorder && !list.isPlaceholderData && layout === 'list';

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

  if (list.isPending) return <SkeletonList label="Loading candidates" rows={6} />;
  if (list.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The candidates could not be loaded: {extractErrorMessage(list.error)}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <NoCandidates
        project={project}
        filtered={filtered}
        folder={folder}
        noOpportunities={noOpportunities}
        onClear={onClearFilters}
      />
    );
  }
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <label className="flex min-h-9 items-center gap-2 text-ink">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={selectedCount === items.length}
            ref={(element) => {
              if (element) element.indeterminate = selectedCount > 0 && selectedCount < items.length;
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
        <span className="ml-auto flex items-center gap-2">
          <CompareLink projectId={project.id} rowIds={selectedIds} />
          <LayoutToggle layout={layout} onChange={setLayout} />
        </span>
      </div>
      {layout === 'grid' ? (
        <CandidateGrid
          items={items}
          selected={selection.ids}
          openId={view.candidateId}
          busy={list.isFetching}
          onToggle={(id, range) =>
            setSelection(range ? selectRange(selection, order, id) : toggle(selection, id))
          }
          onOpen={onOpen}
        />
      ) : (
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
          onOpen={onOpen}
          onReorder={reorderable ? reorder : undefined}
        />
      )}
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
          {items.length === 1 ? 'That is the only candidate.' : `All ${items.length} candidates are shown.`}
        </p>
      )}
    </>
  );
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
