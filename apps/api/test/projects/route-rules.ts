import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Role } from '@casting/domain';
import { ACTORS, type ActorName, type Cast } from '../support/projects';

/**
 * Who may do what in a project (super admin, owner, editor, talent editor, talent submitter), written out by hand from
 * the product's permission table rather than computed with `can`, so a wrong matrix in the domain package fails here.
 */
export const SPEC = {
  manageProject: ['SA', 'PO', 'PE'],
  manageRole: ['SA', 'PO', 'PE'],
  createFolder: ['SA', 'PO', 'PE'],
  inviteTeamMembers: ['SA', 'PO', 'PE', 'TE', 'TS'],
  projectPreview: ['SA', 'PO', 'PE', 'TE'],
  candidateActions: ['SA', 'PO', 'PE', 'TE', 'TS'],
  // Any member may read the project itself (docs/decisions/0314-reading-a-project-needs-view-project.md).
  viewProject: ['SA', 'PO', 'PE', 'TE', 'TS'],
  addRemoveApplicant: ['SA', 'PO', 'PE', 'TE'],
  reorderCandidates: ['SA', 'PO', 'PE'],
  // Ours: submission links are made and read by every team actor, a talent submitter within their agency.
  submitTalent: ['SA', 'PO', 'PE', 'TE', 'TS'],
  sendUnderReview: ['TS'],
  selectLinkReferralUsers: ['SA', 'PO', 'PE', 'TE'],
  manageApplicants: ['SA', 'PO'],
} as const satisfies Record<string, readonly ActorName[]>;

export type Rule =
  | { kind: 'public' }
  | { kind: 'staff' }
  | { kind: 'superAdmin' }
  | { kind: 'project'; allowed: readonly ActorName[]; projectIn: 'path' | 'body' | 'query' | 'folder' };

export interface Fixture {
  cast: Cast;
  role: Role;
}

export interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as registered, to prove the table covers every route. */
  route: string;
  rule: Rule;
  ok: number;
  /** Where a rule beyond the matrix answers for an actor (the submitter-folder table), that actor's outcome. */
  outcomeFor?: Partial<Record<ActorName, Outcome>>;
  /** Builds one request (its headers are added to the actor's); `projectId` lets the 404 checks aim at a project that does not exist. */
  request(
    fixture: Fixture,
    projectId: string,
  ): Promise<Pick<InjectOptions, 'url' | 'payload'> & { headers?: Record<string, string> }>;
}

export const fresh = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

export const publicRoute: Rule = { kind: 'public' };
export const staff: Rule = { kind: 'staff' };
export const superAdmin: Rule = { kind: 'superAdmin' };
export const inPath = (allowed: readonly ActorName[]): Rule => ({
  kind: 'project',
  allowed,
  projectIn: 'path',
});

export interface Outcome {
  status: number;
  code?: string;
}

/** The answer each actor must get, from the rule alone. */
export function expectedOutcome(rule: Rule, actor: ActorName, ok: number): Outcome {
  // A public route's credential is in the request (a link's secret), so every caller gets the same answer.
  if (rule.kind === 'public') return { status: ok };
  if (actor === 'anonymous') return { status: 401, code: 'UNAUTHENTICATED' };
  if (actor === 'talent') return { status: 403, code: 'TALENT_NOT_ALLOWED' };
  if (rule.kind === 'staff') return { status: ok };
  if (rule.kind === 'superAdmin') return actor === 'SA' ? { status: ok } : { status: 403, code: 'FORBIDDEN' };
  if (actor === 'nonMember') return { status: 403, code: 'PROJECT_ACCESS_DENIED' };
  // Another office's projects do not exist for its owner: the same answer as an unknown id.
  if (actor === 'otherOffice') return { status: 404, code: 'NOT_FOUND' };
  return rule.allowed.includes(actor) ? { status: ok } : { status: 403, code: 'PERMISSION_DENIED' };
}

/**
 * One route of a table asked by every actor: what each got (status, and the error code of a refusal) beside what the
 * route's rule (or its `outcomeFor`) says each must get, for one `expect(actual).toEqual(expected)`.
 */
export async function outcomesByActor(
  app: FastifyInstance,
  fixture: Fixture,
  route: RouteCase,
): Promise<{ actual: Record<string, Outcome>; expected: Record<string, Outcome> }> {
  const actual: Record<string, Outcome> = {};
  const expected: Record<string, Outcome> = {};
  for (const actor of ACTORS) {
    const { headers, ...request } = await route.request(fixture, fixture.cast.project.id);
    const res = await app.inject({
      method: route.method,
      headers: { ...fixture.cast.headers(actor), ...headers },
      ...request,
    });
    const outcome: Outcome = { status: res.statusCode };
    if (res.statusCode >= 400) outcome.code = res.json().code;
    actual[actor] = outcome;
    expected[actor] = route.outcomeFor?.[actor] ?? expectedOutcome(route.rule, actor, route.ok);
  }
  return { actual, expected };
}
