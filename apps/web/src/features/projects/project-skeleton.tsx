import { UI_TEXTS } from '@casting/domain';
import { Skeleton } from '../../ui/skeleton';

/** The project header's shape: type line, name, and the row of buttons. */
function HeaderShape() {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
      <div className="flex-1">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="mt-2 h-7 w-2/3 max-w-sm" />
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-9 w-24" />
        <Skeleton className="h-9 w-28" />
      </div>
    </div>
  );
}

/**
 * A project page while its project loads: the header every workspace page starts with and a block of rows, instead
 * of a spinner, so the page does not jump when the project arrives.
 */
export function ProjectPageSkeleton() {
  return (
    <div role="status" className="mx-auto flex max-w-5xl flex-col gap-6">
      <span className="sr-only">{UI_TEXTS.loadingProjectLabel}</span>
      <div aria-hidden="true" className="flex flex-col gap-6">
        <HeaderShape />
        <div className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-4 w-full" />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The overview's shape: header, the three number tiles, the opportunities table and the team list. */
export function OverviewSkeleton() {
  return (
    <div role="status" className="mx-auto flex max-w-5xl flex-col gap-6">
      <span className="sr-only">Loading the overview</span>
      <div aria-hidden="true" className="flex flex-col gap-6">
        <HeaderShape />
        <div className="grid grid-cols-3 gap-3">
          {Array.from({ length: 3 }, (_, index) => (
            <div key={index} className="rounded-lg border border-line bg-surface p-3 sm:p-4">
              <Skeleton className="h-3 w-2/3" />
              <Skeleton className="mt-3 h-7 w-10" />
            </div>
          ))}
        </div>
        <div className="flex flex-col gap-3">
          <Skeleton className="h-5 w-36" />
          <div className="divide-y divide-line rounded-lg border border-line bg-surface">
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="flex items-center justify-between gap-4 px-4 py-3">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-16" />
              </div>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-3">
          <Skeleton className="h-5 w-20" />
          <div className="divide-y divide-line rounded-lg border border-line bg-surface">
            {Array.from({ length: 2 }, (_, index) => (
              <div key={index} className="flex items-center justify-between gap-4 px-4 py-3">
                <Skeleton className="h-4 w-1/4" />
                <Skeleton className="h-4 w-20" />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
