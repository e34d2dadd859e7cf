import type { Folder, FolderCounts } from '@casting/domain';
import { Link } from 'react-router';
import { UI_TEXTS } from '@casting/domain';
import { cn } from '../../ui/cn';
import { SkeletonList } from '../../ui/skeleton';

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** A folder's count as shown: "1,000+" when the API stopped counting (it counts at most 1,000 per folder). */
export function folderCountText(count: FolderCounts['counts'][number]): string {
  return `${COUNT_FORMAT.format(count.count)}${count.capped ? '+' : ''}`;
}

/**
 * The opportunity's folders as links (each keeps the other filters); system folders first, as the API orders them.
 * Each folder shows how many candidates it holds once the counts have loaded (none is shown before, rather than a
 * wrong zero). The link is named by what it shows, the folder then its count ("Selects 12 candidates"), so that
 * speech input can say what is seen.
 */
export function FolderNav({
  folders,
  loading,
  current,
  counts,
  hrefFor,
}: {
  folders: readonly Folder[] | null;
  loading: boolean;
  current: string | null;
  counts: FolderCounts['counts'] | null;
  hrefFor(folderId: string | null): string;
}) {
  if (loading) return <SkeletonList label={UI_TEXTS.loadingFoldersLabel} rows={3} />;
  if (!folders) return null;
  const countOf = new Map((counts ?? []).map((count) => [count.folderId, count]));
  const entries: { id: string | null; name: string }[] = [
    { id: null, name: 'Everyone in this opportunity' },
    ...folders.map((folder) => ({ id: folder.id, name: folder.name })),
  ];
  return (
    <ul aria-label="Folders" className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
      {entries.map((entry) => {
        const count = entry.id ? countOf.get(entry.id) : undefined;
        const countText = count ? folderCountText(count) : null;
        return (
          <li key={entry.id ?? 'all'} className="shrink-0">
            <Link
              to={hrefFor(entry.id)}
              aria-current={entry.id === current ? 'page' : undefined}
              className={cn(
                'flex min-h-10 items-center justify-between gap-3 rounded-md px-3 text-sm whitespace-nowrap',
                entry.id === current ? 'bg-brand-50 font-medium text-brand-800' : 'text-ink hover:bg-canvas',
              )}
            >
              <span>{entry.name}</span>
              {countText ? (
                <span className="text-xs text-ink-muted tabular-nums">
                  {countText}
                  <span className="sr-only">
                    {count?.count === 1 && !count.capped ? ' candidate' : ' candidates'}
                  </span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
