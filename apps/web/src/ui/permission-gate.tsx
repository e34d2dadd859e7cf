import { can, canInSubmitterFolder, isSubmitterFolderAlias } from '@casting/domain';
import type { Permission, ProjectActor, SubmitterFolderAction } from '@casting/domain';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

const ProjectActorContext = createContext<ProjectActor | null>(null);

/** Makes the signed-in person's standing in the open project available to gates below. */
export function ProjectActorProvider({
  actor,
  children,
}: {
  actor: ProjectActor | null;
  children: ReactNode;
}) {
  return <ProjectActorContext value={actor}>{children}</ProjectActorContext>;
}

/** The current project actor, or null outside a project or for a non-member. */
export function useProjectActor(): ProjectActor | null {
  return useContext(ProjectActorContext);
}

/** Whether the current project actor may do the named action. */
export function useCan(permission: Permission): boolean {
  return can(useProjectActor(), permission);
}

interface GateProps {
  /** Overrides the actor from context, e.g. for a list row of another project. */
  actor?: ProjectActor | null;
  /** Shown instead of the children when the action is not allowed; nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

export interface PermissionGateProps extends GateProps {
  permission: Permission;
}

/**
 * Shows its children only to actors allowed the named action. It only tidies the screen: the API
 * refuses the action anyway.
 */
export function PermissionGate({ permission, actor, fallback = null, children }: PermissionGateProps) {
  const fromContext = useProjectActor();
  const allowed = can(actor === undefined ? fromContext : actor, permission);
  return <>{allowed ? children : fallback}</>;
}

export interface FolderPermissionGateProps extends GateProps {
  /** The folder the action happens in; submitter folders have their own action table. */
  folderAlias: string | null | undefined;
  /** What a talent submitter must be allowed in a submitter folder. */
  action: SubmitterFolderAction;
  /** What the actor must be allowed in any other folder. */
  permission: Permission;
}

/** The folder variant: in a submitter folder the talent submitter's folder actions decide, elsewhere the matrix. */
export function FolderPermissionGate({
  folderAlias,
  action,
  permission,
  actor,
  fallback = null,
  children,
}: FolderPermissionGateProps) {
  const fromContext = useProjectActor();
  const who = actor === undefined ? fromContext : actor;
  const allowed = isSubmitterFolderAlias(folderAlias)
    ? canInSubmitterFolder(who, folderAlias, action)
    : can(who, permission);
  return <>{allowed ? children : fallback}</>;
}
