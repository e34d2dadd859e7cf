import { ACCESS_SCOPE_NAMES, UI_TEXTS } from '@casting/domain';
import type { ProjectDetail, ProjectOverview } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { can } from '@casting/domain';
import { PublicPageSection } from '../project-share';
import { BlindReviewSection } from '../ratings';
import { EmptyState } from '../../ui/empty-state';
import { LinkButton } from '../../ui/link-button';
import { PermissionGate } from '../../ui/permission-gate';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { ProjectDetails } from './project-details';
import { ProjectHeader } from './project-header';
import { ProjectLoadError } from './project-load-error';
import { OverviewSkeleton } from './project-skeleton';
import { ProjectWorkspace, useProjectIdParam } from './project-workspace';
import { projectOverviewQuery } from './projects-api';

/** /projects/overview/:id: details, opportunities with their counts, team, and totals. */
export function ProjectOverviewPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>{(project) => <Overview project={project} />}</ProjectWorkspace>
  );
}

function Overview({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const { data, error, isPending } = useQuery(projectOverviewQuery(http, project.id));
  if (isPending) return <OverviewSkeleton />;
  // A client account reviews: the overview is the team's, the client review is its page.
  if (!data && project.projectActor === 'CLIENT') {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-ink">{project.name}</h1>
        <p className="text-ink-muted">You review this project as a client.</p>
        <LinkButton variant="primary" to={paths.client.reviewProject(project.id)}>
          Open the client review
        </LinkButton>
      </section>
    );
  }
  if (!data) return <ProjectLoadError error={error} />;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <ProjectHeader project={data.project} />
      <Counts projectId={project.id} counts={data.counts} />
      <Opportunities projectId={project.id} opportunities={data.opportunities} />
      <Team team={data.team} />
      <PublicPageSection projectId={project.id} canManage={can(project.projectActor, 'MANAGE_PROJECT')} />
      <BlindReviewSection projectId={project.id} canManage={can(project.projectActor, 'MANAGE_PROJECT')} />
      <section aria-labelledby="details-heading" className="flex flex-col gap-3">
        <h2 id="details-heading" className="text-lg font-semibold text-ink">
          Details
        </h2>
        <ProjectDetails project={data.project} headingLevel={3} />
      </section>
    </div>
  );
}

function Counts({ projectId, counts }: { projectId: string; counts: ProjectOverview['counts'] }) {
  // Each number opens the page that lists what it counts.
  const tiles: [string, number, string][] = [
    ['Opportunities', counts.opportunities, paths.project.roles(projectId)],
    [UI_TEXTS.teamMembers, counts.teamMembers, ''],
    ['Candidates', counts.candidates, paths.project.candidates(projectId)],
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {tiles.map(([label, value, to]) => (
        <div
          key={label}
          className="relative rounded-lg border border-line bg-surface p-3 hover:bg-canvas sm:p-4"
        >
          <dt className="text-xs text-ink-muted sm:text-sm">{label}</dt>
          <dd className="text-2xl font-semibold text-ink">
            {to ? (
              <Link
                to={to}
                aria-label={`${value} ${label.toLowerCase()}`}
                className="after:absolute after:inset-0"
              >
                {value}
              </Link>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Opportunities({
  projectId,
  opportunities,
}: {
  projectId: string;
  opportunities: ProjectOverview['opportunities'];
}) {
  return (
    <section aria-labelledby="overview-opportunities-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="overview-opportunities-heading" className="text-lg font-semibold text-ink">
          Opportunities
        </h2>
        <Link
          to={paths.project.roles(projectId)}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Manage opportunities
        </Link>
      </div>
      {opportunities.length === 0 ? (
        <EmptyState
          title={UI_TEXTS.noOpportunitiesYet}
          description="Opportunities are the roles you are casting; talent applies to them and you review them in folders."
          action={
            <PermissionGate permission="MANAGE_ROLE">
              <LinkButton variant="primary" to={paths.project.roles(projectId)}>
                {UI_TEXTS.addOpportunity}
              </LinkButton>
            </PermissionGate>
          }
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="bg-canvas text-ink-muted">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Opportunity
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  {UI_TEXTS.roleType}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Folders
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Candidates
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {opportunities.map((opportunity) => (
                // The whole row opens the opportunities page: the name is the link, stretched over the row.
                <tr key={opportunity.id} className="relative hover:bg-canvas">
                  <th scope="row" className="px-4 py-2 font-medium break-words text-ink">
                    <Link
                      to={paths.project.roles(projectId)}
                      className="text-brand-700 after:absolute after:inset-0 hover:underline"
                    >
                      {opportunity.name}
                    </Link>
                  </th>
                  <td className="hidden px-4 py-2 text-ink-muted sm:table-cell">
                    {opportunity.roleType?.label ?? '—'}
                  </td>
                  <td className="px-4 py-2 text-right text-ink">{opportunity.folderCount}</td>
                  <td className="px-4 py-2 text-right text-ink">
                    {/* Above the row's stretched link: the count opens this opportunity's candidates. */}
                    <Link
                      to={paths.project.candidates(projectId, { roleId: opportunity.id })}
                      aria-label={`${opportunity.candidateCount} candidates for ${opportunity.name}`}
                      className="relative z-10 font-medium text-brand-700 hover:underline"
                    >
                      {opportunity.candidateCount}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Team({ team }: { team: ProjectOverview['team'] }) {
  return (
    <section aria-labelledby="overview-team-heading" className="flex flex-col gap-3">
      <h2 id="overview-team-heading" className="text-lg font-semibold text-ink">
        Team
      </h2>
      <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
        {team.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
            <span className="min-w-0 break-words text-ink">
              {member.user?.fullName ?? member.email}
              {member.status === 'INVITED' ? (
                <span className="ml-2 text-xs text-ink-muted">(invited)</span>
              ) : null}
            </span>
            <span className="text-ink-muted">{ACCESS_SCOPE_NAMES[member.scope]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
