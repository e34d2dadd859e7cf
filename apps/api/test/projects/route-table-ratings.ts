import { buildApplicant } from '../support/candidates';
import { SPEC, fresh, inPath, type Fixture, type RouteCase } from './route-rules';

/** Reviewers with the team's feedback (VIEW_FEEDBACK): the team without talent submitters (decision 0863). */
const REVIEWERS = ['SA', 'PO', 'PE', 'TE'] as const;

/** A new candidate of the fixture's opportunity; each call rates its own. */
async function candidate(fixture: Fixture) {
  return buildApplicant(fixture.role, fixture.cast.people.PO.user, { lastName: fresh('Rated') });
}

/** The rating calls: reviewers read and give ratings; owners and directors set blind review. */
export const RATING_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/applicants/:submissionId/ratings',
    rule: inPath(REVIEWERS),
    ok: 200,
    request: async (f, id) => ({ url: `/api/projects/${id}/applicants/${(await candidate(f)).id}/ratings` }),
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/applicants/:submissionId/rating',
    rule: inPath(REVIEWERS),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/projects/${id}/applicants/${(await candidate(f)).id}/rating`,
      payload: { score: 4 },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/applicants/:submissionId/rating',
    rule: inPath(REVIEWERS),
    ok: 200,
    request: async (f, id) => ({ url: `/api/projects/${id}/applicants/${(await candidate(f)).id}/rating` }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/rating-settings',
    rule: inPath(SPEC.viewProject),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/${id}/rating-settings` }),
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/rating-settings',
    rule: inPath(SPEC.manageProject),
    ok: 200,
    request: async (_f, id) => ({
      url: `/api/projects/${id}/rating-settings`,
      payload: { blindReview: false },
    }),
  },
];
