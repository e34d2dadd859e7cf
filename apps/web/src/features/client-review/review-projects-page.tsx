import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { UI_TEXTS, PAGE_TITLES } from '@casting/domain';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { ClientAccountNav } from './client-account-nav';
import { clientProjectsQuery } from './client-projects-api';
import { ReviewFrame, ReviewNotice } from './review-frame';

/**
 * /client/review-project (ours): where a client account lands after sign-in. With one project it opens that
 * project's review at once; with several it lists them, in the client review layout (decision 0142).
 */
export function ClientReviewProjectsPage() {
  const { status } = useAuth();
  if (status === 'loading') {
    return (
      <p role="status" className="py-16 text-center text-ink-muted">
        Loading…
      </p>
    );
  }
  if (status !== 'signedIn') {
    return (
      <ReviewNotice title="Sign in to review your projects">
        This page is for the client accounts invited to projects.{' '}
        <Link className="text-accent underline" to={paths.auth.signIn}>
          {PAGE_TITLES.signIn}
        </Link>
      </ReviewNotice>
    );
  }
  return <ProjectList />;
}

function ProjectList() {
  const http = useHttpClient();
  const projects = useInfiniteQuery(clientProjectsQuery(http));
  const items = projects.data?.pages.flatMap((page) => page.items) ?? [];
  if (projects.isSuccess && items.length === 1 && !projects.hasNextPage) {
    return <Navigate to={paths.client.reviewProject(items[0]!.id)} replace />;
  }
  return (
    <ReviewFrame
      heading={
        <>
          <ClientAccountNav showProjects={false} />
          <p className="text-sm text-ink-muted">{UI_TEXTS.clientReview}</p>
          <h1 className="text-2xl font-semibold text-ink">{PAGE_TITLES.yourProjects}</h1>
        </>
      }
    >
      {projects.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading your projects…
        </p>
      ) : projects.isError ? (
        <p role="alert" className="text-danger">
          Your projects could not be loaded. Reload the page to try again.
        </p>
      ) : items.length === 0 ? (
        <p className="text-ink-muted">
          No project is shared with you yet. The casting team will invite you when there is something to
          review.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {items.map((project) => (
            <li key={project.id}>
              <Link
                to={paths.client.reviewProject(project.id)}
                className="flex min-h-11 w-full items-center rounded-xl border border-line bg-surface p-3 font-semibold text-ink hover:bg-canvas"
              >
                {project.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {projects.hasNextPage ? (
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={projects.isFetchingNextPage}
          onClick={() => void projects.fetchNextPage()}
        >
          {projects.isFetchingNextPage ? 'Loading…' : 'Show more projects'}
        </Button>
      ) : null}
    </ReviewFrame>
  );
}
