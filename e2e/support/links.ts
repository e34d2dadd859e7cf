import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { apiAs } from './projects';
import type { Person } from './projects';

/** Helpers for the links journeys: projects with opportunities, agencies, links through the API. */

export interface LinkProject {
  id: string;
  roles: Record<string, string>;
}

/** A director's project with the named opportunities, made through the API. */
export async function projectWithRoles(
  request: APIRequestContext,
  director: Person,
  name: string,
  roleNames: readonly string[],
): Promise<LinkProject> {
  const api = await apiAs(request, director);
  const project = await api<{ id: string }>('POST', '/v2/projects', { name });
  const roles: Record<string, string> = {};
  for (const roleName of roleNames) {
    const role = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, { name: roleName });
    roles[roleName] = role.id;
  }
  return { id: project.id, roles };
}

/** A plain submission link made through the API; answers its public address and secret. */
export async function apiLink(
  request: APIRequestContext,
  director: Person,
  projectId: string,
  body: Record<string, unknown>,
): Promise<{ link: string; token: string; groupId: string }> {
  const api = await apiAs(request, director);
  const [created] = await api<{ link: string; groupId: string }[]>(
    'POST',
    `/v2/projects/${projectId}/share-links`,
    body,
  );
  if (!created) throw new Error('No link created');
  return { link: created.link, groupId: created.groupId, token: created.link.split('/').at(-1) ?? '' };
}

/**
 * An agency with one agent, as a talent's Add Representation makes them (a new, unverified agency): the
 * anonymous call carries a link's secret.
 */
export async function agencyThroughLink(
  request: APIRequestContext,
  token: string,
  agencyName: string,
  agent: Person,
): Promise<void> {
  const response = await request.post('/api/users/representatives', {
    data: {
      token,
      agent: { firstName: agent.firstName, lastName: agent.lastName, email: agent.email },
      agency: { name: agencyName },
    },
  });
  expect(response.status(), 'POST /api/users/representatives').toBe(201);
}

/** A talent on a phone: a fresh 375 px wide context with no account. */
export async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** The apply form's last step before review: the talent accepts the terms and privacy texts (the box loads with it). */
export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I have read and accept the Terms of Service/ }).check();
}
