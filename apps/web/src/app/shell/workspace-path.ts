import { findRoute } from '../routes';

/** Path segments that mark a project workspace page. */
export const WORKSPACE_SEGMENTS: ReadonlySet<string> = new Set([
  'candidate',
  'candidates',
  'roles',
  'overview',
  'chat',
  'admin-scripts',
  'roster-management',
  'email-templates',
  'applicant-links',
  'roster',
  'invite-candidates',
  'presentations',
]);

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** On workspace pages the sidebar collapses and locks and the project navigation shows. */
export function isWorkspacePath(pathname: string): boolean {
  return segmentsOf(pathname).some((segment) => WORKSPACE_SEGMENTS.has(segment));
}

/** A path containing the word client marks a client-review view. */
export function isClientReviewPath(pathname: string): boolean {
  return /\bclient\b/i.test(pathname);
}

/** The project a workspace page belongs to, or null (e.g. /roster has none). */
export function workspaceProjectId(pathname: string): string | null {
  if (!isWorkspacePath(pathname)) return null;
  return findRoute(pathname)?.params.id ?? null;
}
