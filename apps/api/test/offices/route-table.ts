import type { AccountRuleName } from '../support/account-rules';

/** Every route of the offices module with the rule it must declare (walked by routes.test.ts). */
export const OFFICE_ROUTES: Record<string, AccountRuleName> = {
  'GET /api/offices/current': 'memberOrGuest',
  'PATCH /api/offices/current': 'owner',
  'GET /api/offices/current/legal': 'owner',
  'PUT /api/offices/current/logo': 'owner',
  'DELETE /api/offices/current/logo': 'owner',
  'GET /api/offices/current/member-sign-up': 'owner',
  'PUT /api/offices/current/member-sign-up': 'owner',
  'GET /api/offices/current/support-access': 'owner',
  'POST /api/offices/current/support-access': 'owner',
  'DELETE /api/offices/current/support-access': 'owner',
  'GET /api/offices/mine': 'staff',
  'POST /api/offices/switch': 'staff',
  'GET /api/offices/current/members': 'officeStaff',
  'PATCH /api/offices/current/members/:userId': 'owner',
  'DELETE /api/offices/current/members/:userId': 'owner',
  'POST /api/offices/current/invitations': 'owner',
  'GET /api/offices/current/invitations': 'owner',
  'DELETE /api/offices/current/invitations/:id': 'owner',
  'GET /api/offices/invitations/:token': 'public',
  'POST /api/offices/invitations/accept': 'staff',
  'GET /api/operator/offices': 'operator',
  'PATCH /api/operator/offices/:id': 'operator',
  'POST /api/operator/offices/:id/support-session': 'operator',
  'DELETE /api/operator/offices/:id/support-session': 'operator',
};

/** Routes under the same prefixes that other modules own (the office's audit log, retention preview, webhooks). */
export const OFFICE_PREFIX_OTHER_MODULES = [
  '/api/offices/current/audit-events',
  '/api/offices/current/retention',
  '/api/offices/current/webhooks',
];
