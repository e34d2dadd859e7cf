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

  it('offers Admin scripts to super admin accounts only, like its route, whatever their project role', () => {
    // The owner of an office is the SA actor in its projects, yet not the installation's super admin.
    expect(PROJECT_ACTORS.filter((actor) => labels(actor).includes('Admin scripts'))).toEqual([]);
    expect(projectLinks('p1', 'SA', false, true).find((link) => link.label === 'Admin scripts')?.to).toBe(
      '/projects/admin-scripts/p1',
    );
  });
});

describe('e-mail pages in the project navigation', () => {
  it('offers Email templates to those who may e-mail candidates, Invite candidates to those who may submit talent', () => {
    expect(PROJECT_ACTORS.filter((actor) => labels(actor).includes('Email templates'))).toEqual([
      'SA',
      'PO',
      'PE',
      'TE',
      'TS',
    ]);
    expect(labels('CLIENT')).not.toContain('Email templates');
    expect(labels('CLIENT')).not.toContain('Invite candidates');
  });
});

describe('chat in the project navigation', () => {
  it('offers Chat to the chat actors and to talent submitters who are agents (their clients), to no one else', () => {
    const shownToAgents = PROJECT_ACTORS.filter((actor) =>
      projectLinks('p1', actor, true).some((link) => link.label === 'Chat'),
    );
    expect(shownToAgents).toEqual(['SA', 'PO', 'PE', 'TE', 'TS']);
    // A talent submitter without an agent record has no clients to chat about: the API refuses them.
    const shown = PROJECT_ACTORS.filter((actor) => labels(actor).includes('Chat'));
    expect(shown).toEqual(['SA', 'PO', 'PE', 'TE']);
    expect(labels('CLIENT')).not.toContain('Chat');
    expect(labels(null)).not.toContain('Chat');
    expect(projectLinks('p1', 'PE').find((link) => link.label === 'Chat')?.to).toBe('/projects/chat/p1');
  });
});

describe('presentations in the project navigation', () => {
  it('offers Presentations to those who manage client links (SA PO PE), as the presentations API allows', () => {
    expect(PROJECT_ACTORS.filter((actor) => labels(actor).includes('Presentations'))).toEqual([
      'SA',
      'PO',
      'PE',
    ]);
    expect(projectLinks('p1', 'PO').find((link) => link.label === 'Presentations')?.to).toBe(
      '/projects/p1/presentations',
    );
  });
});
