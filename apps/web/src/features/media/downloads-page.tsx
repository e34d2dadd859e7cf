import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { HttpError } from '../../lib/http/http-error';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { FullPageSpinner, Spinner } from '../../ui/spinner';
import { downloadQuery } from './media-api';
import type { Download } from './media-contract';
import { formatMegabytes } from './file-checks';

/** Texts of this page (ours: the spec names the route only). */
export const DOWNLOAD_TEXTS = {
  title: 'Your download',
  preparing: 'Your zip is being prepared. This page updates by itself; you can also wait for the e-mail.',
  ready: 'Your zip is ready.',
  download: (name: string) => `Download ${name}`,
  expires: (date: string) => `This link works until ${date} (UTC).`,
  expired: 'This download link has expired. Ask for a new one from the project’s candidates page.',
  failed: 'We could not prepare this zip. Ask for a new one from the project’s candidates page.',
  signIn: 'Sign in with the account the link was sent to, to download.',
  signInAction: 'Sign in',
  forbidden:
    'This download belongs to another account. Only the person it was sent to and the project’s team can use it.',
  notFound: 'There is no download at this address. Check the link in your e-mail.',
  error: 'Something went wrong while loading this download. Try again in a moment.',
  candidates: (count: number) => `${count} candidate${count === 1 ? '' : 's'}`,
} as const;

/**
 * /downloads/{id}: the zip that the download job made (issue 11). Shows what is ready and downloads it; a zip
 * still being made is asked about again every few seconds. Links expire (7 days by default) and only their
 * recipient or the project's team may use them: those refusals are explained rather than shown as errors.
 */
export function DownloadsPage() {
  const { id = '' } = useParams();
  const http = useHttpClient();
  const query = useQuery({ ...downloadQuery(http, id), retry: false });

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-semibold text-ink">{DOWNLOAD_TEXTS.title}</h1>
      {query.isPending ? (
        <FullPageSpinner label="Loading download" />
      ) : query.isError ? (
        <Refusal error={query.error} />
      ) : (
        <DownloadState download={query.data} />
      )}
    </div>
  );
}

function Panel({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'warning' }) {
  return (
    <div
      role={tone === 'warning' ? 'alert' : undefined}
      className={`rounded-xl border p-5 text-sm ${tone === 'warning' ? 'border-warning bg-warning-soft text-ink' : 'border-line bg-surface text-ink'}`}
    >
      {children}
    </div>
  );
}

function DownloadState({ download }: { download: Download }) {
  switch (download.status) {
    case 'PENDING':
      return (
        <Panel>
          <div className="flex items-center gap-3">
            <Spinner label={DOWNLOAD_TEXTS.preparing} />
            <p>{DOWNLOAD_TEXTS.preparing}</p>
          </div>
        </Panel>
      );
    case 'EXPIRED':
      return <Panel tone="warning">{DOWNLOAD_TEXTS.expired}</Panel>;
    case 'FAILED':
      return <Panel tone="warning">{DOWNLOAD_TEXTS.failed}</Panel>;
    case 'READY': {
      const name = download.fileName ?? 'media.zip';
      return (
        <Panel>
          <p className="font-medium">{DOWNLOAD_TEXTS.ready}</p>
          <p className="mt-1 text-ink-muted">
            {[
              name,
              download.size != null ? formatMegabytes(download.size) : null,
              download.candidateCount != null ? DOWNLOAD_TEXTS.candidates(download.candidateCount) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {download.expiresAt ? (
            <p className="mt-1 text-ink-muted">{DOWNLOAD_TEXTS.expires(download.expiresAt.slice(0, 10))}</p>
          ) : null}
          {download.url ? (
            <a
              href={download.url}
              download={name}
              className="mt-4 inline-flex min-h-10 items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-on-accent hover:bg-accent-hover"
            >
              {DOWNLOAD_TEXTS.download(name)}
            </a>
          ) : null}
        </Panel>
      );
    }
  }
}

function Refusal({ error }: { error: unknown }) {
  const status = error instanceof HttpError ? error.status : 0;
  // A visitor without a session is answered 401; a signed-in person who is neither recipient nor team, 403.
  if (status === 401) {
    return (
      <Panel tone="warning">
        <p>{DOWNLOAD_TEXTS.signIn}</p>
        <Link
          to={paths.auth.signIn}
          className="mt-3 inline-flex min-h-10 items-center rounded-md bg-accent px-4 font-medium text-on-accent hover:bg-accent-hover"
        >
          {DOWNLOAD_TEXTS.signInAction}
        </Link>
      </Panel>
    );
  }
  if (status === 403) return <Panel tone="warning">{DOWNLOAD_TEXTS.forbidden}</Panel>;
  if (status === 410) return <Panel tone="warning">{DOWNLOAD_TEXTS.expired}</Panel>;
  if (status === 404) return <Panel tone="warning">{DOWNLOAD_TEXTS.notFound}</Panel>;
  return <Panel tone="warning">{DOWNLOAD_TEXTS.error}</Panel>;
}
