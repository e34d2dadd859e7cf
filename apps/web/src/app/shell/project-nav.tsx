import {
  AUDITION_TEXTS,
  can,
  CHAT_MESSAGES,
  PRESENTATION_TEXTS,
  UI_TEXTS,
  PAGE_TITLES,
} from '@casting/domain';
import type { Permission, ProjectActor } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { generatePath, NavLink, useLocation, useNavigate } from 'react-router';
import { mayChat, useChatUnreadCount } from '../../features/chat';
import { projectQuery, ProjectSwitcher } from '../../features/projects';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { cn } from '../../ui/cn';
import { isPageBuilt } from '../pages';
import { findRoute } from '../routes';
import type { PageName } from '../routes';

/**
 * The workspace's pages. The project's roles are called "Opportunities" everywhere a person reads
 * them (page, buttons, toasts), so the navigation says the same. A page shows only to the
 * project roles that may use it (applicant links: whoever may submit talent, as the links API allows; chat: the
 * chat actors and a talent submitter who is an agent for their own clients, as the conversations API allows).
 * `isAgent`: the signed-in user has an agent record. `operator`: the signed-in account is the installation's super
 * admin, the only one the admin scripts' API serves (an office's owner is the SA actor in its projects, and is not).
 */
export function projectLinks(
  projectId: string,
  actor: ProjectActor | null = null,
  isAgent = false,
  operator = false,
): { label: string; to: string }[] {
  const links: {
    label: string;
    to: string;
    page: PageName;
    permission?: Permission;
    allowed?: (actor: ProjectActor | null, isAgent: boolean) => boolean;
  }[] = [
    { label: 'Overview', to: paths.project.overview(projectId), page: 'ProjectOverviewPage' },
    { label: 'Opportunities', to: paths.project.roles(projectId), page: 'ProjectRolesPage' },
    { label: 'Candidates', to: paths.project.candidates(projectId), page: 'ProjectCandidatesPage' },
    { label: 'Chat', to: paths.project.chat(projectId), page: 'ProjectChatPage', allowed: mayChat },
    {
      label: PAGE_TITLES.applicantLinks,
      to: paths.project.applicantLinks(projectId),
      page: 'ApplicantLinksPage',
      permission: 'SUBMIT_TALENT',
    },
    {
      label: PAGE_TITLES.inviteCandidates,
      to: paths.project.inviteCandidates(projectId),
      page: 'InviteCandidatesPage',
      permission: 'SUBMIT_TALENT',
    },
    {
      label: PAGE_TITLES.emailTemplates,
      to: paths.project.emailTemplates(projectId),
      page: 'EmailTemplatesPage',
      permission: 'CANDIDATE_SEND_EMAIL',
    },
    {
      label: PAGE_TITLES.rosterManagement,
      to: paths.project.rosterManagement(projectId),
      page: 'RosterManagementPage',
      permission: 'VIEW_PROJECT_ROSTER',
    },
    {
      label: AUDITION_TEXTS.sessionsTitle,
      to: paths.project.auditions(projectId),
      page: 'AuditionSessionsPage',
      permission: 'VIEW_PROJECT_ROSTER',
    },
    // Presentations are made to be sent to clients: whoever manages client links (SA PO PE), as the API allows.
    {
      label: PRESENTATION_TEXTS.navLabel,
      to: paths.project.presentations(projectId),
      page: 'PresentationsPage',
      permission: 'MANAGE_CLIENT_LINKS',
    },
    // Super admin accounts only, like the page's route and its API.
    {
      label: UI_TEXTS.adminScripts,
      to: paths.project.adminScripts(projectId),
      page: 'ProjectAdminScriptsPage',
      allowed: () => operator,
    },
  ];
  return links
    .filter(
      (link) =>
        (!link.permission || can(actor, link.permission)) &&
        (!link.allowed || link.allowed(actor, isAgent)) &&
        isPageBuilt(link.page),
    )
    .map(({ label, to }) => ({ label, to }));
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
  const actor = project?.projectActor ?? null;
  const { user } = useAuth();
  const isAgent = Boolean(user?.agent);
  const operator = user?.role.code === 'SUPER_ADMIN';
  // The unread count beside Chat, kept current by NEW_MESSAGE on the live project channel.
  const unread = useChatUnreadCount(projectId, project !== undefined && mayChat(actor, isAgent));
  const chatPath = paths.project.chat(projectId);
  return (
    <nav
      aria-label="Project navigation"
      className="shrink-0 border-b border-line bg-surface md:w-52 md:border-r md:border-b-0"
    >
      <div className="p-2 pb-0">
        <ProjectSwitcher currentProjectId={projectId} onSelect={openProject} />
      </div>
      <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col md:overflow-visible">
        {projectLinks(projectId, actor, isAgent, operator).map((link) => (
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
              {link.to === chatPath && unread ? (
                <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                  <span aria-hidden="true">{unread}</span>
                  <span className="sr-only">({CHAT_MESSAGES.unreadBadge(unread)})</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
