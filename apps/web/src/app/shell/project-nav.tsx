import { NavLink } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { cn } from '../../ui/cn';

function projectLinks(projectId: string) {
  return [
    { label: 'Overview', to: paths.project.overview(projectId) },
    { label: 'Roles', to: paths.project.roles(projectId) },
    { label: 'Chat', to: paths.project.chat(projectId) },
    { label: 'Applicant links', to: paths.project.applicantLinks(projectId) },
    { label: 'Email templates', to: paths.project.emailTemplates(projectId) },
    { label: 'Roster management', to: paths.project.rosterManagement(projectId) },
  ];
}

/** The extra project navigation shown on workspace pages. */
export function ProjectNav({ projectId }: { projectId: string }) {
  return (
    <nav
      aria-label="Project navigation"
      className="shrink-0 border-b border-line bg-surface md:w-52 md:border-r md:border-b-0"
    >
      <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col md:overflow-visible">
        {projectLinks(projectId).map((link) => (
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
