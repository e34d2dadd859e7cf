import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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

/** A running import's progress bar, then its counts, its failed rows and their CSV. */
export function ImportProgress({ jobId, onAnother }: { jobId: string; onAnother(): void }) {
  const http = useHttpClient();
  const job = useQuery(importJobQuery(http, jobId));
  const finished = job.data?.status === 'DONE' || job.data?.status === 'FAILED';
  const failed = useQuery(failedRowsQuery(http, jobId, finished && (job.data?.failed ?? 0) > 0));
  const [downloadError, setDownloadError] = useState<string | null>(null);
  if (!job.data) return <p role="status">{job.isError ? messageOf(job.error) : 'Starting the import…'}</p>;
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

/** The caller's latest imports, so a long one can be found again after leaving the page. */
export function RecentImports() {
  const http = useHttpClient();
  const jobs = useQuery(importJobsQuery(http));
  const items = jobs.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-imports-title" className="flex flex-col gap-2">
      <h2 id="recent-imports-title" className="text-lg font-semibold">
        Your recent imports
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
        {items.map((job) => (
          <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="font-medium">{job.fileName}</span>
            <span className="text-ink-muted">{when.format(new Date(job.createdAt))}</span>
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
    </section>
  );
}
