import { extractErrorMessage, MESSAGES, UI_TEXTS } from '@casting/domain';
import type { ProjectDetail, Role } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast/toast';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PermissionGate, useCan } from '../../ui/permission-gate';
import { EmptyState } from '../../ui/empty-state';
import { SkeletonList } from '../../ui/skeleton';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { FoldersPanel } from './folders-panel';
import { RoleCard } from './role-card';
import { RoleDialog } from './role-dialog';
import { rolesQuery, useDeleteRole } from './opportunities-api';

/** /projects/roles/:id: the project's opportunities and their folders. */
export function ProjectRolesPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <RolesWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

type Editing = { role: Role | null } | null;

function RolesWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const { data, error, isPending, isError } = useQuery(rolesQuery(http, project.id));
  const remove = useDeleteRole(project.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const roles = data?.items ?? [];
  // The empty list offers its own button to those who may add one, and says who does to the others.
  const canManage = useCan('MANAGE_ROLE');

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`Opportunity “${deleting.name}” deleted`),
      onError: toastError,
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <ProjectHeader project={project} />
      <section aria-labelledby="opportunities-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="opportunities-heading" className="text-lg font-semibold text-ink">
            Opportunities
          </h2>
          <PermissionGate permission="MANAGE_ROLE">
            <Button onClick={() => setEditing({ role: null })}>{UI_TEXTS.addOpportunity}</Button>
          </PermissionGate>
        </div>
        {isPending ? (
          <SkeletonList label="Loading opportunities" rows={3} />
        ) : isError ? (
          <p role="alert" className="text-sm text-danger">
            The opportunities could not be loaded: {extractErrorMessage(error)}
          </p>
        ) : roles.length === 0 ? (
          <EmptyState
            title={UI_TEXTS.noOpportunitiesYet}
            description={
              canManage
                ? 'Opportunities are the roles you are casting: add the first one; talent then applies to it and you sort them into its folders.'
                : 'Opportunities are the roles this project is casting; they appear here once the project’s editors add them.'
            }
            action={
              canManage ? (
                <Button variant="primary" onClick={() => setEditing({ role: null })}>
                  Add the first opportunity
                </Button>
              ) : null
            }
          />
        ) : (
          <div className="flex flex-col gap-3">
            {roles.map((role) => (
              <RoleCard
                key={role.id}
                role={role}
                onEdit={() => setEditing({ role })}
                onDelete={() => setDeleting(role)}
              />
            ))}
          </div>
        )}
      </section>
      {roles.length > 0 ? <FoldersPanel projectId={project.id} /> : null}
      <RoleDialog
        projectId={project.id}
        role={editing?.role ?? null}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={UI_TEXTS.deleteContent}
        message={MESSAGES.confirmDeleteContent}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
