import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, signUpConfirmed, person, type Person } from './projects';

/*
 * Set-up for the candidates workspace's journeys: a project with its opportunities and folders, and candidates added
 * through the API (`POST /api/projects/admin/applicants`), so the journeys spend their time in the browser.
 */

export interface Option {
  value: string;
  label: string;
}
interface Folder {
  id: string;
  name: string;
  systemAlias: string | null;
}
export type Api = Awaited<ReturnType<typeof apiAs>>;

export interface Seeded {
  projectId: string;
  lead: string;
  crew: string;
  folders: Folder[];
  callbacks: Folder;
}

/** Date of birth for someone `years` old (and a half) today, so the age does not flip during the run. */
export function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - 6);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

export async function seedProject(api: Api, name: string): Promise<Seeded> {
  const project = await api<{ id: string }>('POST', '/v2/projects', { name });
  const lead = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, {
    name: 'Captain Mara Holt',
  });
  const crew = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, { name: 'Deckhand' });
  const folders = await api<{ items: Folder[] }>('GET', `/projects/${project.id}/folders?roleId=${lead.id}`);
  const callbacks = await api<Folder>('POST', '/projects/folders', {
    projectId: project.id,
    roleId: lead.id,
    name: 'Callbacks',
  });
  return { projectId: project.id, lead: lead.id, crew: crew.id, folders: folders.items, callbacks };
}

export async function addCandidate(
  api: Api,
  seeded: Seeded,
  candidate: { firstName: string; lastName: string; age: number; genderId: string; folderIds?: string[] },
): Promise<string> {
  const { age, ...rest } = candidate;
  const added = await api<{ id: string }>('POST', '/projects/admin/applicants', {
    projectId: seeded.projectId,
    roleId: seeded.lead,
    email: `${candidate.firstName.toLowerCase()}-${randomUUID().slice(0, 6)}@talent.test`,
    dateOfBirth: bornYearsAgo(age),
    ...rest,
  });
  return added.id;
}

export async function genders(api: Api): Promise<Record<string, string>> {
  const page = await api<{ items: Option[] }>('GET', '/projects/lookups/role-genders?limit=100&offset=0');
  return Object.fromEntries(page.items.map((option) => [option.label, option.value]));
}

export const rows = (page: Page) => page.getByRole('list', { name: 'Candidates' }).getByRole('listitem');
export const rowNames = (page: Page) =>
  rows(page).locator('button:not([aria-label^="Reorder"]) > span:first-child').allTextContents();

/** Opens the filter panel unless it is open (its button says how many filters are on, e.g. 'Filters (2)'). */
export async function openFilters(page: Page) {
  const button = page.getByRole('button', { name: /^Filters/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

export async function signedInDirector(request: APIRequestContext): Promise<{ director: Person; api: Api }> {
  const director = person('Dana', 'Whitford');
  await signUpConfirmed(request, director);
  return { director, api: await apiAs(request, director) };
}
