import { paths } from '../../lib/routing/paths';
import { isWorkspacePath } from './workspace-path';

/** The 'Back' button shows on non-workspace pages except the projects list. */
export function shouldShowBackButton(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return normalised !== paths.projects && !isWorkspacePath(normalised);
}

export type BackAction = { kind: 'history' } | { kind: 'navigate'; to: string };

/**
 * Where 'Back' goes: back in history when the visitor came from this site, otherwise to the
 * projects list (history would leave the app, or there is none).
 */
export function resolveBackAction(referrer: string, origin: string): BackAction {
  if (referrer !== '' && URL.canParse(referrer) && new URL(referrer).origin === origin) {
    return { kind: 'history' };
  }
  return { kind: 'navigate', to: paths.projects };
}
