import { paths } from '../../lib/routing/paths';

/**
 * The candidates picked in the workspace travel to the send page through this tab's session storage, under a key
 * the address carries: hundreds of ids would not fit an address, and a reload of the send page keeps them.
 */
const PREFIX = 'casting.emailSelection.';

export function emailSelectionPath(projectId: string, submissionIds: readonly string[]): string {
  const key = Math.random().toString(36).slice(2, 10);
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(submissionIds));
  } catch {
    // Storage full or blocked: the page then says nothing is selected and how to pick again.
  }
  return `${paths.project.sendEmail(projectId)}?selection=${key}`;
}

export function readEmailSelection(key: string | null): string[] {
  if (!key) return [];
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PREFIX + key) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
