import { PROJECT_ACTORS } from '@casting/domain';
import type { ProjectActor } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { projectLinks } from './project-nav';

const labels = (actor: ProjectActor | null) => projectLinks('p1', actor).map((link) => link.label);

describe('project navigation', () => {
  it('offers Applicant links to those the links API answers (SUBMIT_TALENT), and to no one else', () => {
    const shown = PROJECT_ACTORS.filter((actor) => labels(actor).includes('Applicant links'));
    expect(shown).toEqual(['SA', 'PO', 'PE', 'TE', 'TS']);
    expect(labels('CLIENT')).not.toContain('Applicant links');
    expect(labels(null)).not.toContain('Applicant links');
  });

  it('links Applicant links to the project’s links page', () => {
    expect(projectLinks('p1', 'PO').find((link) => link.label === 'Applicant links')?.to).toBe(
      '/projects/p1/applicant-links',
    );
  });
});
