import {
  IMPORT_MESSAGES,
  IMPORT_SHEET_MAX_BYTES,
  type ImportDryRun,
  type ImportMapping,
  type ImportPreview,
  type ImportRunRequest,
} from '@casting/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { FormAlert, FormSection } from '../../ui/form-controls';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { dryRun, messageOf, previewFile, sendFile, startImport } from './import-api';
import { ImportProgress, RecentImports } from './import-progress';
import { MappingTable, ProblemRows } from './mapping-table';
import { TargetPicker, type Target } from './target-picker';

interface Loaded {
  fileId: string;
  fileName: string;
  preview: ImportPreview;
}

/**
 * /import: people from a CSV or Excel file into an opportunity. Choose where, choose the file, check the column
 * mapping against the first rows, check every row (dry run), then import; the import runs on the server and this
 * page follows its progress (it keeps running if the page is left).
 */
export function ImportPage() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Target>({ type: 'OPPORTUNITY', projectId: '', roleId: '' });
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [checked, setChecked] = useState<ImportDryRun | null>(null);
  // The import whose result is shown (/import?job={id}): just started here, or reopened from the past imports.
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const setJobId = (id: string | null) => setParams(id ? { job: id } : {});
  const [mediaZip, setMediaZip] = useState<{ fileId: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > IMPORT_SHEET_MAX_BYTES) throw new Error(IMPORT_MESSAGES.fileTooLarge(10));
      const sent = await sendFile(http, file, 'SHEET');
      return { fileId: sent.fileId, fileName: file.name, preview: await previewFile(http, sent.fileId) };
    },
    onMutate: () => {
      setError(null);
      setLoaded(null);
      setChecked(null);
    },
    onSuccess: (result) => {
      setLoaded(result);
      setMapping(result.preview.suggestedMapping);
    },
    onError: (failure) =>
      setError(failure instanceof Error && !('status' in failure) ? failure.message : messageOf(failure)),
  });

  const targetReady = target.type === 'ROSTER' || target.roleId !== '';
  const withMedia = target.type === 'OPPORTUNITY' && mediaZip !== null;
  const request = (): ImportRunRequest | null =>
    loaded && targetReady
      ? {
          fileId: loaded.fileId,
          fileName: loaded.fileName,
          mediaZipId: target.type === 'OPPORTUNITY' ? (mediaZip?.fileId ?? null) : null,
          mapping: withMedia ? mapping : withoutMedia(mapping),
          target:
            target.type === 'ROSTER'
              ? { type: 'ROSTER' }
              : { type: 'OPPORTUNITY', projectId: target.projectId, roleId: target.roleId },
        }
      : null;

  const sendZip = useMutation({
    mutationFn: (file: File) => sendFile(http, file, 'MEDIA_ZIP'),
    onMutate: () => {
      setError(null);
      setChecked(null);
    },
    onSuccess: (sent, file) => setMediaZip({ fileId: sent.fileId, name: file.name }),
    onError: (failure) => setError(messageOf(failure)),
  });

  const check = useMutation({
    mutationFn: (body: ImportRunRequest) => dryRun(http, body),
    onMutate: () => setError(null),
    onSuccess: setChecked,
    onError: (failure) => setError(messageOf(failure)),
  });
  const run = useMutation({
    mutationFn: (body: ImportRunRequest) => startImport(http, body),
    onMutate: () => setError(null),
    onSuccess: (job) => {
      setJobId(job.id);
      void queryClient.invalidateQueries({ queryKey: ['import-jobs'] });
    },
    onError: (failure) => setError(messageOf(failure)),
  });

  const restart = () => {
    setJobId(null);
    setLoaded(null);
    setMediaZip(null);
    setChecked(null);
    upload.reset();
  };

  if (jobId) {
    return (
      <div className="flex flex-col gap-6 p-4 md:p-6">
        <PageHeader title="Import people" />
        <ImportProgress key={jobId} jobId={jobId} onAnother={restart} />
        <RecentImports />
      </div>
    );
  }

  const ready = request();
  return (
    <div className="flex flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Import people"
        description="Add people to the office roster or to an opportunity from a CSV or Excel file. Each row is imported whole or not at all; rows with problems are listed so you can fix them and import them again."
      />
      <FormSection title="1. Where to">
        <TargetPicker
          value={target}
          onChange={(next) => {
            setTarget(next);
            setChecked(null);
          }}
        />
      </FormSection>

      <FormSection title="2. File">
        <div className="flex flex-col gap-1">
          <label htmlFor="import-file" className="text-sm font-medium text-ink">
            CSV or Excel file
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby="import-file-hint"
            className="text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
              event.target.value = '';
            }}
          />
          <p id="import-file-hint" className="text-sm text-ink-muted">
            The first line names the columns. Up to 10 MB; UTF-8 CSV (comma or semicolon) or .xlsx.
          </p>
          {upload.isPending ? <Spinner label="Reading the file" /> : null}
          {loaded ? (
            <p className="text-sm text-ink">
              <span className="font-medium">{loaded.fileName}</span>: {loaded.preview.rowCount} rows
            </p>
          ) : null}
        </div>
        {target.type === 'OPPORTUNITY' ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="import-media-zip" className="text-sm font-medium text-ink">
              Media zip (optional)
            </label>
            <input
              id="import-media-zip"
              type="file"
              accept=".zip,application/zip"
              aria-describedby="import-media-zip-hint"
              className="text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) sendZip.mutate(file);
                event.target.value = '';
              }}
            />
            <p id="import-media-zip-hint" className="text-sm text-ink-muted">
              Photos, videos or documents in one .zip; a column of the sheet names each person’s files
              (several separated by semicolons).
            </p>
            {sendZip.isPending ? <Spinner label="Sending the media zip" /> : null}
            {mediaZip ? <p className="text-sm">{mediaZip.name} added.</p> : null}
          </div>
        ) : null}
      </FormSection>

      {loaded ? (
        <FormSection title="3. Columns">
          <MappingTable
            withMedia={withMedia}
            preview={loaded.preview}
            mapping={mapping}
            onChange={(next) => {
              setMapping(next);
              setChecked(null);
            }}
          />
        </FormSection>
      ) : null}

      <FormAlert message={error} />

      {loaded ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={!ready || check.isPending}
            onClick={() => ready && check.mutate(ready)}
          >
            {check.isPending ? 'Checking…' : 'Check rows'}
          </Button>
          <Button disabled={!ready || !checked || run.isPending} onClick={() => ready && run.mutate(ready)}>
            {checked ? `Import ${checked.valid} ${checked.valid === 1 ? 'row' : 'rows'}` : 'Import'}
          </Button>
          {!target.roleId ? (
            <p className="text-sm text-ink-muted">{IMPORT_MESSAGES.targetRoleNeeded}</p>
          ) : null}
          {target.roleId && !checked ? <p className="text-sm text-ink-muted">Check the rows first.</p> : null}
        </div>
      ) : null}

      {checked ? <DryRunSummary result={checked} /> : null}

      <RecentImports />
    </div>
  );
}

function withoutMedia(mapping: ImportMapping): ImportMapping {
  const { media: _media, ...rest } = mapping;
  return rest;
}

function DryRunSummary({ result }: { result: ImportDryRun }) {
  return (
    <section aria-labelledby="dry-run-title" className="flex flex-col gap-3">
      <h2 id="dry-run-title" className="text-lg font-semibold">
        Check result
      </h2>
      <p role="status" className="text-sm">
        {result.total} rows: {result.valid} ready to import
        {result.existing > 0 ? ` (${result.existing} already known, their details kept)` : ''},{' '}
        {result.failed.length} with problems.
      </p>
      {result.failed.length > 0 ? (
        <ProblemRows rows={result.failed} caption="Rows that will not be imported" />
      ) : null}
      {result.possibleDuplicates.length > 0 ? (
        <ProblemRows
          rows={result.possibleDuplicates}
          caption="Possible duplicates (imported; worth a look)"
        />
      ) : null}
    </section>
  );
}
