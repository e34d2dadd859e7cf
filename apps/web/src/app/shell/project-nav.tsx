import { can } from '@casting/domain';
import type { Permission, ProjectActor } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { generatePath, NavLink, useLocation, useNavigate } from 'react-router';
import { projectQuery, ProjectSwitcher } from '../../features/projects';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { cn } from '../../ui/cn';
import { isPageBuilt } from '../pages';
import { findRoute } from '../routes';
import type { PageName } from '../routes';

/**
 * The workspace's pages. The project's roles are called "Opportunities" everywhere a person reads
 * them (page, buttons, toasts), so the navigation says the same; pages that a later capability
 * brings (chat, e-mail templates, roster) are left out until they exist, and a page shows only to the
 * project roles that may use it (applicant links: whoever may submit talent, as the links API allows).
 */
export function projectLinks(
  projectId: string,
  actor: ProjectActor | null = null,
): { label: string; to: string }[] {
  const links: { label: string; to: string; page: PageName; permission?: Permission }[] = [
    { label: 'Overview', to: paths.project.overview(projectId), page: 'ProjectOverviewPage' },
    { label: 'Opportunities', to: paths.project.roles(projectId), page: 'ProjectRolesPage' },
    { label: 'Candidates', to: paths.project.candidates(projectId), page: 'ProjectCandidatesPage' },
    { label: 'Chat', to: paths.project.chat(projectId), page: 'ProjectChatPage' },
    {
      label: 'Applicant links',
      to: paths.project.applicantLinks(projectId),
      page: 'ApplicantLinksPage',
      permission: 'SUBMIT_TALENT',
    },
    { label: 'Email templates', to: paths.project.emailTemplates(projectId), page: 'EmailTemplatesPage' },
    {
      label: 'Roster management',
      to: paths.project.rosterManagement(projectId),
      page: 'RosterManagementPage',
    },
  ];
  return links.filter((link) => (!link.permission || can(actor, link.permission)) && isPageBuilt(link.page));
}

/**
 * Another project opens on the same page when the page needs nothing but the project (overview,
 * roles, ...); pages about one record of the old project (an e-mail template) give way to the overview.
 */
function useOpenProject(): (projectId: string) => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (projectId) => {
    const match = findRoute(pathname);
    const onlyId = match !== null && Object.keys(match.params).every((name) => name === 'id');
    void navigate(
      match && onlyId ? generatePath(match.route.path, { id: projectId }) : paths.project.overview(projectId),
    );
  };
}

/** The extra project navigation shown on workspace pages, with the project switcher on top. */
export function ProjectNav({ projectId }: { projectId: string }) {
  const openProject = useOpenProject();
  // The workspace page loads the same project; the navigation reads the caller's role from that cache.
  const { data: project } = useQuery(projectQuery(useHttpClient(), projectId));
  return (
    <nav
      aria-label="Project navigation"
      className="shrink-0 border-b border-line bg-surface md:w-52 md:border-r md:border-b-0"
    >
      <div className="p-2 pb-0">
        <ProjectSwitcher currentProjectId={projectId} onSelect={openProject} />
      </div>
      <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col md:overflow-visible">
        {projectLinks(projectId, project?.projectActor ?? null).map((link) => (
          <li key={link.to} className="shrink-0">
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                cn(
                  'flex min-h-10 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-canvas',
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
