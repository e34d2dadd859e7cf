import {
  UPLOAD_FAILURE_PAGE_LIMIT,
  UPLOAD_FAILURE_TEXTS as TEXTS,
  uploadFailureListSchema,
  type UploadFailure,
} from '@casting/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { DataTable, DataTableSkeleton } from '../../ui/data-table';
import type { DataTableColumn } from '../../ui/data-table';

/** GET /projects/{id}/upload-failures, a page at a time (keyset: each page continues after the previous one). */
export function uploadFailuresQuery(http: HttpClient, projectId: string) {
  return infiniteQueryOptions({
    queryKey: ['upload-failures', projectId] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request(`/projects/${encodeURIComponent(projectId)}/upload-failures`, uploadFailureListSchema, {
        query: { cursor: pageParam ?? undefined, limit: UPLOAD_FAILURE_PAGE_LIMIT },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The file the browser was sending, as its report names it (the upload queue sends `fileName`). */
function fileOf(failure: UploadFailure): string {
  const name = failure.context.fileName;
  return typeof name === 'string' && name !== '' ? name : '—';
}

const COLUMNS: readonly DataTableColumn<UploadFailure>[] = [
  {
    id: 'when',
    header: TEXTS.when,
    className: 'md:whitespace-nowrap',
    cell: (failure) => <time dateTime={failure.createdAt}>{when.format(new Date(failure.createdAt))}</time>,
  },
  {
    id: 'file',
    header: TEXTS.file,
    rowHeader: true,
    className: 'break-all font-medium max-md:-order-1',
    cell: fileOf,
  },
  {
    id: 'error',
    header: TEXTS.error,
    wide: true,
    className: 'break-words',
    cell: (failure) => failure.error,
  },
  {
    id: 'reporter',
    header: TEXTS.reportedBy,
    wide: true,
    className: 'break-all',
    cell: (failure) =>
      failure.source === 'APPLY_PAGE'
        ? TEXTS.applyPage
        : failure.reporter
          ? `${failure.reporter.name} (${failure.reporter.email})`
          : TEXTS.staff,
  },
];

/**
 * Upload failures browsers reported for the project (the upload queue reports every file that failed), for the
 * super admin looking into "my upload does not work" on the admin scripts page.
 */
export function UploadFailuresSection({ projectId }: { projectId: string }) {
  const http = useHttpClient();
  const failures = useInfiniteQuery(uploadFailuresQuery(http, projectId));
  const items = failures.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="upload-failures-title" className="flex flex-col gap-2">
      <h2 id="upload-failures-title" className="text-lg font-semibold">
        {TEXTS.title}
      </h2>
      <p className="text-sm text-ink-muted">{TEXTS.description}</p>
      {failures.isPending ? (
        <DataTableSkeleton label="Loading upload failures" columns={COLUMNS.map((column) => column.header)} />
      ) : null}
      {failures.data ? (
        <>
          <DataTable
            label="Upload failures table"
            caption="Upload failures, newest first"
            columns={COLUMNS}
            items={items}
            getKey={(failure) => failure.id}
            estimateSize={49}
            busy={failures.isFetching}
            empty={TEXTS.empty}
          />
          {failures.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={failures.isFetchingNextPage}
              onClick={() => void failures.fetchNextPage()}
            >
              {TEXTS.loadMore}
            </Button>
          ) : null}
        </>
      ) : null}
      {failures.isError ? (
        <p role="alert" className="text-sm text-danger">
          {failures.error.message}
        </p>
      ) : null}
    </section>
  );
}
