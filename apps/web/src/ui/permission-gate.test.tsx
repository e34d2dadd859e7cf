import { render, screen } from '@testing-library/react';
import type { ProjectActor } from '@casting/domain';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FolderPermissionGate, PermissionGate, ProjectActorProvider, useCan } from './permission-gate';

function renderGate(actor: ProjectActor | null, gate: ReactNode) {
  render(<ProjectActorProvider actor={actor}>{gate}</ProjectActorProvider>);
}

describe('PermissionGate', () => {
  // The permission matrix: manage applicants is SA and PO only; manage role is SA, PO and PE.
  it.each<[ProjectActor | null, boolean]>([
    ['SA', true],
    ['PO', true],
    ['PE', false],
    ['TE', false],
    ['TS', false],
    ['CLIENT', false],
    [null, false],
  ])('shows MANAGE_APPLICANTS content to %s: %s', (actor, shown) => {
    renderGate(actor, <PermissionGate permission="MANAGE_APPLICANTS">Invite candidates</PermissionGate>);

    expect(screen.queryByText('Invite candidates') !== null).toBe(shown);
  });

  it('shows the fallback instead when the action is not allowed', () => {
    renderGate(
      'TE',
      <PermissionGate permission="MANAGE_ROLE" fallback={<span>Read only</span>}>
        Edit opportunity
      </PermissionGate>,
    );

    expect(screen.queryByText('Edit opportunity')).not.toBeInTheDocument();
    expect(screen.getByText('Read only')).toBeInTheDocument();
  });

  it('lets an explicit actor override the one from context (rows of other projects)', () => {
    renderGate(
      'TE',
      <PermissionGate permission="MANAGE_PROJECT" actor="PE">
        Archive
      </PermissionGate>,
    );

    expect(screen.getByText('Archive')).toBeInTheDocument();
  });

  it('hides everything outside a project provider', () => {
    render(<PermissionGate permission="VIEW_PROJECT">Project</PermissionGate>);

    expect(screen.queryByText('Project')).not.toBeInTheDocument();
  });

  it('answers the same question through useCan', () => {
    function Probe() {
      return <span>{useCan('CREATE_FOLDER') ? 'can create' : 'cannot create'}</span>;
    }
    renderGate('PE', <Probe />);

    expect(screen.getByText('can create')).toBeInTheDocument();
  });
});

describe('FolderPermissionGate', () => {
  function hideGate(folderAlias: string | null) {
    return (
      <FolderPermissionGate folderAlias={folderAlias} action="HIDE" permission="CANDIDATE_HIDE">
        Hide
      </FolderPermissionGate>
    );
  }

  it('uses the submitter folder table in a submitter folder: TS may hide in FOR_REVIEW', () => {
    renderGate('TS', hideGate('TS_FOR_REVIEW'));

    expect(screen.getByText('Hide')).toBeInTheDocument();
  });

  it('refuses TS what its folder does not allow: nothing in INVITED', () => {
    renderGate('TS', hideGate('TS_INVITED'));

    expect(screen.queryByText('Hide')).not.toBeInTheDocument();
  });

  it('gives SA no actions inside submitter folders', () => {
    renderGate('SA', hideGate('TS_FOR_REVIEW'));

    expect(screen.queryByText('Hide')).not.toBeInTheDocument();
  });

  it('falls back to the matrix in regular and custom folders', () => {
    renderGate('TE', hideGate(null));

    expect(screen.getByText('Hide')).toBeInTheDocument();
  });
});
