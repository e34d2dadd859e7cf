import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MESSAGES, UI_TEXTS, PAGE_TITLES } from '@casting/domain';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { clientProjectsQuery } from './client-projects-api';

/**
 * A client account's navigation in the client review layout: only what works for it (decision 0142). "Your
 * projects" appears when it has more than one (with one, the list would only send it back here); its profile; sign
 * out. No back-office entries: those pages send a client account back to its projects.
 */
export function ClientAccountNav({ showProjects = true }: { showProjects?: boolean }) {
  const { signOut } = useAuth();
  const http = useHttpClient();
  // Two rows tell whether there is more than one project, without counting them.
  const projects = useInfiniteQuery({ ...clientProjectsQuery(http, 2), enabled: showProjects });
  const several = (projects.data?.pages[0]?.items.length ?? 0) > 1;
  return (
    <nav
      aria-label="Your account"
      className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1 text-sm"
    >
      {showProjects && several ? (
        <Link
          className="inline-flex min-h-11 items-center text-accent underline"
          to={paths.client.reviewProjects}
        >
          {PAGE_TITLES.yourProjects}
        </Link>
      ) : null}
      <Link className="inline-flex min-h-11 items-center text-accent underline" to={paths.profile}>
        {UI_TEXTS.yourProfile}
      </Link>
      <Button variant="ghost" className="min-h-11 px-2" onClick={() => void signOut()}>
        {MESSAGES.signOutSession}
      </Button>
    </nav>
  );
}
