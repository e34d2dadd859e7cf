import type { AccessRule } from '../../src/platform/http/access';

/**
 * The retention module's one route and the rule it declares: only the office's owner reads which archived projects
 * are due for deletion (walked by route-matrix.test.ts).
 */
export const RETENTION_ROUTES: Record<string, Partial<AccessRule>> = {
  'GET /api/offices/current/retention': { kind: 'account', officeRoles: ['OWNER'] },
};
