import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PAGE_TITLES } from '@casting/domain';
import { useAuth } from '../../lib/auth/auth-provider';
import { HttpError } from '../../lib/http/http-error';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { FullPageSpinner, Spinner } from '../../ui/spinner';
import { downloadQuery } from './media-api';
import type { Download } from './media-contract';
import { formatMegabytes } from './file-checks';

/** Texts of this page. */
export const DOWNLOAD_TEXTS = {
  title: 'Your download',
  preparing: 'Your zip is being prepared. This page updates by itself; you can also wait for the e-mail.',
  ready: 'Your zip is ready.',
  download: (name: string) => `Download ${name}`,
  expires: (date: string) => `This link works until ${date} (UTC).`,
  expired: 'This download link has expired. Ask for a new one from the project’s candidates page.',
  failed: 'We could not prepare this zip. Ask for a new one from the project’s candidates page.',
  signIn: 'Sign in with the account the link was sent to, to download.',
  notFoundSignedOut:
    'There is no download at this address, or the link is incomplete. Open the link from your e-mail as it is, or sign in with the account it was sent to.',
  signInAction: PAGE_TITLES.signIn,
  notFound:
    'There is no download at this address for your account. Only the person it was sent to and the project’s team can use it; check the link in your e-mail.',
  error: 'Something went wrong while loading this download. Try again in a moment.',
  files: (count: number) => `${count} file${count === 1 ? '' : 's'}`,
  fileName: 'media.zip',
} as const;

/**
 * /downloads/{id}: the zip that the download job made. Shows what is ready and downloads it; a zip
 * still being made is asked about again every few seconds. Links expire (7 days by default) and only their
 * recipient or the project's team may use them: those refusals are explained rather than shown as errors.
 */
export function DownloadsPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { user } = useAuth();
  return <DownloadsView id={id} token={search.get('token')} signedIn={user !== null} />;
}

/** The page's body, apart from the router and the session so tests can render it alone. */
export function DownloadsView({
  id,
  token,
  signedIn,
}: {
  id: string;
  token: string | null;
  signedIn: boolean;
}) {
  const http = useHttpClient();
  const query = useQuery({ ...downloadQuery(http, id, token), retry: false });
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-semibold text-ink">{DOWNLOAD_TEXTS.title}</h1>
      {query.isPending ? (
        <FullPageSpinner label="Loading download" />
      ) : query.isError ? (
        <Refusal error={query.error} signedIn={signedIn} />
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
      const name = DOWNLOAD_TEXTS.fileName;
      return (
        <Panel>
          <p className="font-medium">{DOWNLOAD_TEXTS.ready}</p>
          <p className="mt-1 text-ink-muted">
            {[
              name,
              download.size != null ? formatMegabytes(download.size) : null,
              DOWNLOAD_TEXTS.files(download.fileCount),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="mt-1 text-ink-muted">{DOWNLOAD_TEXTS.expires(download.expiresAt.slice(0, 10))}</p>
          {download.url ? (
            <a
              href={download.url}
              download
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

/**
 * The API answers 404 alike for an unknown id and for a link that is not the caller's (no token, not the recipient,
 * not on the team), so nobody learns which downloads exist. A signed-out visitor is offered the sign-in.
 */
function Refusal({ error, signedIn }: { error: unknown; signedIn: boolean }) {
  const status = error instanceof HttpError ? error.status : 0;
  if (status === 401 || (status === 404 && !signedIn)) {
    return (
      <Panel tone="warning">
        <p>{status === 401 ? DOWNLOAD_TEXTS.signIn : DOWNLOAD_TEXTS.notFoundSignedOut}</p>
        <Link
          to={paths.auth.signIn}
          className="mt-3 inline-flex min-h-10 items-center rounded-md bg-accent px-4 font-medium text-on-accent hover:bg-accent-hover"
        >
          {DOWNLOAD_TEXTS.signInAction}
        </Link>
      </Panel>
    );
  }
  if (status === 404 || status === 403) return <Panel tone="warning">{DOWNLOAD_TEXTS.notFound}</Panel>;
  if (status === 410) return <Panel tone="warning">{DOWNLOAD_TEXTS.expired}</Panel>;
  return <Panel tone="warning">{DOWNLOAD_TEXTS.error}</Panel>;
}
