import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useEffect, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-controls';
import { StatusBadge } from '../../ui/status-badge';
import {
  downloadFailedRows,
  failedRowsQuery,
  importJobQuery,
  importJobsQuery,
  messageOf,
} from './import-api';
import { ProblemRows } from './mapping-table';

/**
 * An import's result page: a running import's progress bar, then its counts, its failed rows and their CSV. Opened
 * right after starting an import or later from the past imports (the id is in the address, so it survives a reload).
 */
export function ImportProgress({ jobId, onAnother }: { jobId: string; onAnother(): void }) {
  const http = useHttpClient();
  const job = useQuery(importJobQuery(http, jobId));
  const finished = job.data?.status === 'DONE' || job.data?.status === 'FAILED';
  // The past imports listed below follow: once this import ends, its entry no longer reads 'Running'.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: importJobsQuery(http).queryKey });
  }, [finished, queryClient, http]);
  const failed = useQuery(failedRowsQuery(http, jobId, finished && (job.data?.failed ?? 0) > 0));
  const [downloadError, setDownloadError] = useState<string | null>(null);
  if (!job.data) return <p role="status">{job.isError ? messageOf(job.error) : 'Loading the import…'}</p>;
  const { total, processed, imported, existing } = job.data;
  return (
    <section aria-labelledby="import-progress-title" className="flex flex-col gap-4">
      <h2 id="import-progress-title" className="text-lg font-semibold">
        {job.data.fileName}
      </h2>
      <progress
        aria-label="Import progress"
        className="h-3 w-full"
        max={Math.max(total, 1)}
        value={processed}
      />
      <p role="status" aria-live="polite" className="text-sm">
        {job.data.status === 'DONE'
          ? `Import finished: ${imported} added, ${existing} already there, ${job.data.failed} not imported.`
          : job.data.status === 'FAILED'
            ? `The import stopped: ${job.data.error ?? ''}`
            : `Importing… ${processed} of ${total} rows done. You can leave this page; the import keeps running.`}
      </p>
      {failed.data && failed.data.items.length > 0 ? (
        <>
          <ProblemRows rows={failed.data.items} caption="Rows not imported" />
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              onClick={() => {
                setDownloadError(null);
                downloadFailedRows(http, jobId, job.data.fileName).catch((error) =>
                  setDownloadError(messageOf(error)),
                );
              }}
            >
              Download failed rows (CSV)
            </Button>
          </div>
          <p className="text-sm text-ink-muted">
            The download has your columns and an Error column. Fix the rows, delete the Error column if you
            like, and import the file again.
          </p>
          <FormAlert message={downloadError} />
        </>
      ) : null}
      {finished ? (
        <div>
          <Button onClick={onAnother}>Import another file</Button>
        </div>
      ) : null}
    </section>
  );
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The caller's past imports, newest first and paged, so any import can be reopened later: its name opens its result
 * (counts, the rows not imported and their CSV) at /import?job={id}.
 */
export function RecentImports() {
  const http = useHttpClient();
  const jobs = useInfiniteQuery(importJobsQuery(http));
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];
  if (jobs.isError) return <FormAlert message={messageOf(jobs.error)} />;
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-imports-title" className="flex flex-col gap-2">
      <h2 id="recent-imports-title" className="text-lg font-semibold">
        Your past imports
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
        {items.map((job) => (
          <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <Link
              to={{ search: `?job=${job.id}` }}
              className="min-w-0 font-medium break-words text-brand-700 underline"
            >
              {job.fileName}
              <span className="sr-only"> ({when.format(new Date(job.createdAt))})</span>
            </Link>
            <span className="text-ink-muted" aria-hidden="true">
              {when.format(new Date(job.createdAt))}
            </span>
            <span>
              {job.imported + job.existing} imported, {job.failed} not imported
            </span>
            <StatusBadge
              tone={job.status === 'DONE' ? 'success' : job.status === 'FAILED' ? 'danger' : 'info'}
            >
              {job.status === 'DONE' ? 'Finished' : job.status === 'FAILED' ? 'Stopped' : 'Running'}
            </StatusBadge>
          </li>
        ))}
      </ul>
      {jobs.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            disabled={jobs.isFetchingNextPage}
            onClick={() => void jobs.fetchNextPage()}
          >
            {jobs.isFetchingNextPage ? 'Loading…' : 'Show more imports'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
