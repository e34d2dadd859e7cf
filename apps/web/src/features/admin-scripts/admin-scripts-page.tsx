import {
  ADMIN_SCRIPTS,
  ADMIN_SCRIPT_INFO,
  ADMIN_SCRIPT_MESSAGES,
  type AdminRun,
  type AdminScript,
  type ProjectDetail,
  UI_TEXTS,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { PageHeader } from '../../ui/page-header';
import { StatusBadge } from '../../ui/status-badge';
import { ProjectWorkspace, useProjectIdParam } from '../projects';
import { downloadExport, runQuery, runsQuery, useRestore, useStartRun } from './admin-scripts-api';
import { UploadFailuresSection } from './upload-failures';

const messageOf = (error: unknown) =>
  error instanceof HttpError && error.data?.message
    ? error.data.message
    : UI_TEXTS.somethingWentWrongTryAgain;

/** /projects/admin-scripts/{id}: maintenance scripts on one project, super admins only. */
export function ProjectAdminScriptsPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <AdminScripts project={project} />}
    </ProjectWorkspace>
  );
}

function AdminScripts({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const runs = useQuery(runsQuery(http, project.id));
  const start = useStartRun(project.id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const launch = (script: AdminScript) => {
    setError(null);
    start.mutate(
      { script, ...(script === 'TRANSFER_OWNERSHIP' ? { email } : {}) },
      {
        onSuccess: () => toast.success(ADMIN_SCRIPT_MESSAGES.started),
        onError: (failure) => setError(messageOf(failure)),
      },
    );
  };
  return (
    <div className="flex flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title={UI_TEXTS.adminScripts}
        description={`Maintenance on ${project.name}. Each script runs in the background and is recorded in the audit log.`}
      />
      <FormAlert message={error} />
      <ul className="grid gap-3 md:grid-cols-2">
        {ADMIN_SCRIPTS.map((script) => (
          <li key={script} className="flex flex-col gap-2 rounded-md border border-line bg-surface p-4">
            <h2 className="font-semibold text-ink">{ADMIN_SCRIPT_INFO[script].title}</h2>
            <p className="text-sm text-ink-muted">{ADMIN_SCRIPT_INFO[script].description}</p>
            {script === 'TRANSFER_OWNERSHIP' ? (
              <div className="flex flex-col gap-1">
                <label htmlFor="new-owner-email" className="text-sm font-medium">
                  New owner’s e-mail
                </label>
                <Input
                  id="new-owner-email"
                  type="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
            ) : null}
            <div>
              <Button
                variant="secondary"
                disabled={start.isPending || (script === 'TRANSFER_OWNERSHIP' && email.trim() === '')}
                onClick={() => launch(script)}
              >
                Run: {ADMIN_SCRIPT_INFO[script].title}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <RunsTable runs={runs.data?.items ?? []} />
      <UploadFailuresSection projectId={project.id} />
      <RestoreSection />
    </div>
  );
}

function resultText(run: AdminRun): string {
  if (run.status === 'FAILED') return run.error ?? 'Stopped.';
  if (run.status !== 'DONE' || !run.result) return `${run.progress}%`;
  return Object.entries(run.result)
    .filter(([key]) => key !== 'projectId')
    .map(([key, value]) => `${key.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${String(value)}`)
    .join(', ');
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const TONE = { QUEUED: 'info', RUNNING: 'info', DONE: 'success', FAILED: 'danger' } as const;
const STATUS = { QUEUED: 'Queued', RUNNING: 'Running', DONE: 'Done', FAILED: 'Failed' } as const;

function RunsTable({ runs }: { runs: readonly AdminRun[] }) {
  const http = useHttpClient();
  if (runs.length === 0) return null;
  return (
    <section aria-labelledby="runs-title" className="flex flex-col gap-2">
      <h2 id="runs-title" className="text-lg font-semibold">
        Recent runs
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
        {runs.map((run) => (
          <li
            key={run.id}
            aria-label={`${ADMIN_SCRIPT_INFO[run.script as AdminScript]?.title ?? run.script} run`}
            className="flex flex-col gap-1 px-3 py-2 text-sm"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">
                {ADMIN_SCRIPT_INFO[run.script as AdminScript]?.title ?? run.script}
              </span>
              <StatusBadge tone={TONE[run.status]}>{STATUS[run.status]}</StatusBadge>
              <span className="text-ink-muted">{when.format(new Date(run.createdAt))}</span>
            </div>
            {run.status === 'RUNNING' || run.status === 'QUEUED' ? (
              <progress aria-label="Progress" max={100} value={run.progress} className="h-2 w-full" />
            ) : null}
            <p>{resultText(run)}</p>
            {run.script === 'EXPORT_PROJECT' && run.status === 'DONE' ? (
              <div>
                <Button
                  variant="secondary"
                  onClick={() => void downloadExport(http, run.id).catch((e) => toast.error(messageOf(e)))}
                >
                  Download export
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Restore: an export's zip becomes a new project on this instance; the link opens it when done. */
function RestoreSection() {
  const http = useHttpClient();
  const restore = useRestore();
  const run = useQuery({ ...runQuery(http, restore.data?.id ?? ''), enabled: Boolean(restore.data) });
  return (
    <section
      aria-labelledby="restore-title"
      className="flex flex-col gap-2 rounded-md border border-line p-4"
    >
      <h2 id="restore-title" className="text-lg font-semibold">
        {ADMIN_SCRIPT_INFO.RESTORE_PROJECT.title}
      </h2>
      <p className="text-sm text-ink-muted">{ADMIN_SCRIPT_INFO.RESTORE_PROJECT.description}</p>
      <label htmlFor="restore-file" className="text-sm font-medium">
        Export zip
      </label>
      <input
        id="restore-file"
        type="file"
        accept=".zip,application/zip"
        className="text-sm"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) restore.mutate(file);
          event.target.value = '';
        }}
      />
      <FormAlert message={restore.isError ? messageOf(restore.error) : null} />
      {run.data ? (
        <p role="status" className="text-sm">
          {run.data.status === 'DONE' && run.data.projectId ? (
            <Link className="underline" to={paths.project.overview(run.data.projectId)}>
              Restored: open the new project
            </Link>
          ) : (
            resultText(run.data)
          )}
        </p>
      ) : null}
    </section>
  );
}
