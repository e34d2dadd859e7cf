import type { AccessRule } from '../../src/platform/http/access';

/** The webhooks module's routes, each for the office's owner (walked by webhooks.test.ts). */
export const WEBHOOK_ROUTES: Record<string, Partial<AccessRule>> = {
  'GET /api/offices/current/webhooks': { kind: 'account', officeRoles: ['OWNER'] },
  'POST /api/offices/current/webhooks': { kind: 'account', officeRoles: ['OWNER'] },
  'PATCH /api/offices/current/webhooks/:id': { kind: 'account', officeRoles: ['OWNER'] },
  'DELETE /api/offices/current/webhooks/:id': { kind: 'account', officeRoles: ['OWNER'] },
  'POST /api/offices/current/webhooks/:id/secret': { kind: 'account', officeRoles: ['OWNER'] },
  'GET /api/offices/current/webhooks/:id/deliveries': { kind: 'account', officeRoles: ['OWNER'] },
  'POST /api/offices/current/webhooks/:id/deliveries/:deliveryId/resend': {
    kind: 'account',
    officeRoles: ['OWNER'],
  },
  'POST /api/offices/current/webhooks/:id/test': { kind: 'account', officeRoles: ['OWNER'] },
};
