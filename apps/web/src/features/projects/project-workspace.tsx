import type { ProjectDetail } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useTitleSubject } from '../../lib/routing/document-title';
import { ProjectActorProvider } from '../../ui/permission-gate';
import { ProjectLoadError } from './project-load-error';
import { ProjectPageSkeleton } from './project-skeleton';
import { projectQuery } from './projects-api';

/** The `:id` of a project route; the route table guarantees it. */
export function useProjectIdParam(): string {
  const { id } = useParams();
  if (!id) throw new Error('This page needs a project id in its route');
  return id;
}

/**
 * Loads the project of a page and hands it down with the caller's project actor in context, so
 * permission gates below know what to show. Refusals (PROJECT_ACCESS_DENIED) replace the page.
 */
export function ProjectWorkspace({
  projectId,
  children,
}: {
  projectId: string;
  children(project: ProjectDetail): ReactNode;
}) {
  const http = useHttpClient();
  const { data: project, error, isPending } = useQuery(projectQuery(http, projectId));
  useTitleSubject(project?.name ?? null);
  if (isPending) return <ProjectPageSkeleton />;
  if (!project) return <ProjectLoadError error={error} />;
  return <ProjectActorProvider actor={project.projectActor}>{children(project)}</ProjectActorProvider>;
}
