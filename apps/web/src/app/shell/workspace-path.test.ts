import { describe, expect, it } from 'vitest';
import { isClientReviewPath, isWorkspacePath, workspaceProjectId } from './workspace-path';

describe('isWorkspacePath', () => {
  it.each([
    '/projects/candidate/p1',
    '/projects/candidates/p1',
    '/projects/roles/p1',
    '/projects/overview/p1',
    '/projects/chat/p1',
    '/projects/admin-scripts/p1',
    '/projects/p1/roster-management',
    '/projects/p1/email-templates',
    '/projects/p1/email-templates/new',
    '/projects/p1/applicant-links',
    '/roster',
    '/projects/invite-candidates/p1',
    '/projects/p1/presentations',
  ])('recognises %s', (pathname) => {
    expect(isWorkspacePath(pathname)).toBe(true);
  });

  it.each([
    '/projects',
    '/profile',
    '/projects/create',
    '/projects/email/p1/send',
    '/users',
    '/rosters',
    '/overviews/x',
    '/',
  ])('does not treat %s as a workspace page', (pathname) => {
    expect(isWorkspacePath(pathname)).toBe(false);
  });
});

describe('workspaceProjectId', () => {
  it.each([
    ['/projects/overview/p1', 'p1'],
    ['/projects/p2/applicant-links', 'p2'],
    ['/projects/p3/email-templates/t1', 'p3'],
    ['/roster', null],
    ['/projects', null],
  ])('reads the project of %s', (pathname, id) => {
    expect(workspaceProjectId(pathname)).toBe(id);
  });
});

describe('isClientReviewPath', () => {
  it.each([
    ['/client/review-project/p1', true],
    ['/client/review-submission/auth', true],
    ['/projects/overview/p1', false],
    ['/castingcall/apply/clientele', false],
  ])('%s -> %s', (pathname, expected) => {
    expect(isClientReviewPath(pathname)).toBe(expected);
  });
});
