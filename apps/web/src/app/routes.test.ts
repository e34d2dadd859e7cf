import { describe, expect, it } from 'vitest';
import { paths } from '../lib/routing/paths';
import { findRoute } from './routes';

describe('findRoute', () => {
  it.each([
    ['/auth/sign-in', 'signIn', {}],
    ['/castingcall/apply', 'castingCallApply', {}],
    ['/castingcall/apply/summer-show', 'castingCallApplySlug', { slug: 'summer-show' }],
    ['/model/apply', 'typedApply', { type: 'model' }],
    ['/model/apply/spring', 'typedApplySlug', { type: 'model', slug: 'spring' }],
    ['/projects/create', 'projectCreate', {}],
    ['/projects/create/p1', 'projectCreateDraft', { id: 'p1' }],
    ['/projects/p1/email-templates/new', 'projectEmailTemplateNew', { id: 'p1' }],
    ['/projects/p1/email-templates/t9', 'projectEmailTemplate', { id: 'p1', emailTemplatesId: 't9' }],
    ['/client/review-submission/auth', 'clientReviewSubmissionAuth', {}],
    ['/client/review-submission/abc', 'clientReviewSubmission', { id: 'abc' }],
    ['/', 'home', {}],
  ])('matches %s to %s', (pathname, id, params) => {
    const match = findRoute(pathname);
    expect(match?.route.id).toBe(id);
    expect(match?.params).toMatchObject(params);
  });

  it.each(['/nope/deeper/path', '/projects/p1', '/auth'])('finds nothing for %s', (pathname) => {
    expect(findRoute(pathname)).toBeNull();
  });
});

describe('paths', () => {
  it('builds links with encoded parameters', () => {
    expect(paths.project.overview('a b/c')).toBe('/projects/overview/a%20b%2Fc');
    expect(paths.project.emailTemplate('p1', 't2')).toBe('/projects/p1/email-templates/t2');
    expect(paths.apply.castingCall()).toBe('/castingcall/apply');
    expect(paths.apply.typed('model', 'spring')).toBe('/model/apply/spring');
  });

  it('appends only the query values that are set', () => {
    expect(paths.project.candidates('p1', { roleId: 'r1', folderId: undefined })).toBe(
      '/projects/candidate/p1?roleId=r1',
    );
    expect(paths.auth.checkEmail({ email: 'a+b@example.com' })).toBe(
      '/auth/check-email?email=a%2Bb%40example.com',
    );
  });

  it('refuses to build a link with an empty parameter', () => {
    expect(() => paths.project.chat('')).toThrow('Missing route parameter "id"');
  });
});
