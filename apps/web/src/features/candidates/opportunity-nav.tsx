import type { Folder, FolderCounts } from '@casting/domain';
import { NativeSelect } from './candidate-filters';
import { serializeView, withFolder, withRole } from './candidates-url';
import type { CandidatesView } from './candidates-url';
import { FolderNav } from './folder-nav';
import type { SetCandidatesView } from './use-candidates-view';

/** The opportunity picker and, once one is chosen, its folders with their counts. */
export function OpportunityNav({
  view,
  setView,
  opportunities,
  loading,
  folders,
  foldersLoading,
  counts,
}: {
  view: CandidatesView;
  setView: SetCandidatesView;
  opportunities: readonly { value: string; label: string }[];
  loading: boolean;
  folders: readonly Folder[] | null;
  foldersLoading: boolean;
  counts: FolderCounts['counts'] | null;
}) {
  return (
    <nav aria-label="Opportunities and folders" className="flex min-w-0 flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Opportunity
        <NativeSelect
          value={view.roleId ?? ''}
          disabled={loading}
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
          folders={folders}
          loading={foldersLoading}
          current={view.folderId}
          counts={counts}
          hrefFor={(folderId) => `?${serializeView(withFolder(view, folderId)).toString()}`}
        />
      ) : (
        <p className="text-sm text-ink-muted">Choose an opportunity to see its folders.</p>
      )}
    </nav>
  );
}
