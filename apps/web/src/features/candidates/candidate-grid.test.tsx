import type { ApplicantListItem } from '@casting/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CandidateGrid } from './candidate-grid';
import { gridFocusTarget } from './grid-keys';
import { LayoutToggle } from './layout-toggle';
import { LAYOUT_STORAGE_KEY, useLayoutChoice } from './use-layout-choice';

function card(index: number): ApplicantListItem {
  return {
    id: `row-${index}`,
    applicantId: `person-${index}`,
    projectId: 'p1',
    roleId: 'role-1',
    firstName: 'Ava',
    lastName: `No${index}`,
    name: `Ava No${index}`,
    initials: 'AN',
    photoUrl: null,
    email: null,
    phone: null,
    age: null,
    playingAgeMin: 20,
    playingAgeMax: 30,
    genderId: null,
    source: 'ADMIN',
    folderIds: [],
    tags: [],
    votes: { UP_VOTE: 1, DOWN_VOTE: 0, MAYBE: 0 },
    myVote: null,
    submittedAt: '2031-01-01T00:00:00.000Z',
    location: null,
    representation: null,
    roster: null,
    minor: false,
    emailUnconfirmed: false,
    hasSelfie: false,
  };
}

describe('gridFocusTarget', () => {
  it.each([
    [0, 'ArrowRight', 1],
    [1, 'ArrowLeft', 0],
    [0, 'ArrowLeft', 0],
    [1, 'ArrowDown', 5],
    [5, 'ArrowUp', 1],
    [1, 'ArrowUp', 1],
    // The last row has cards 8 and 9: down from 6 lands on the last card, from 9 stays.
    [6, 'ArrowDown', 9],
    [9, 'ArrowDown', 9],
    [6, 'Home', 4],
    [5, 'End', 7],
    [9, 'End', 9],
    [1, 'PageDown', 9],
    [9, 'PageUp', 1],
  ])('from %i, %s goes to %i in 10 cards of 4 columns', (from, key, to) => {
    expect(gridFocusTarget(from, key, 4, 10)).toBe(to);
  });
  it('leaves other keys alone', () => expect(gridFocusTarget(0, 'a', 4, 10)).toBeNull());
});

describe('CandidateGrid', () => {
  it('moves the focus with the arrows, selects with Space and opens with Enter', () => {
    const onToggle = vi.fn();
    const onOpen = vi.fn();
    const items = Array.from({ length: 10 }, (_, index) => card(index));
    render(
      <CandidateGrid items={items} selected={new Set()} openId={null} onToggle={onToggle} onOpen={onOpen} />,
    );
    const grid = screen.getByRole('grid', { name: 'Candidate headshots' });
    const first = screen.getByRole('gridcell', { name: 'Ava No0, Playing age 20–30' });
    expect(first).toHaveAttribute('tabindex', '0');
    act(() => first.focus());
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(screen.getByRole('gridcell', { name: /Ava No1,/ })).toHaveFocus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    const fifth = screen.getByRole('gridcell', { name: /Ava No5,/ });
    expect(fifth).toHaveFocus();
    expect(fifth).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(grid, { key: ' ' });
    expect(onToggle).toHaveBeenCalledWith('row-5', false);
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('row-5');
  });
});

function LayoutProbe() {
  const { layout, setLayout } = useLayoutChoice();
  const location = useLocation();
  return (
    <>
      <LayoutToggle layout={layout} onChange={setLayout} />
      <output>{location.search}</output>
    </>
  );
}

describe('the grid or list choice', () => {
  afterEach(() => window.localStorage.clear());

  it('is written to the URL and this browser, and comes back without the URL', () => {
    const first = render(
      <MemoryRouter initialEntries={['/projects/candidate/p1?roleId=x']}>
        <LayoutProbe />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getByRole('status')).toHaveTextContent('?roleId=x&layout=grid');
    expect(window.localStorage.getItem(LAYOUT_STORAGE_KEY)).toBe('grid');
    first.unmount();

    const second = render(
      <MemoryRouter initialEntries={['/projects/candidate/p1']}>
        <LayoutProbe />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    second.unmount();
  });

  it('follows a shared link over the remembered choice', () => {
    window.localStorage.setItem(LAYOUT_STORAGE_KEY, 'grid');
    render(
      <MemoryRouter initialEntries={['/projects/candidate/p1?layout=list']}>
        <LayoutProbe />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });
});
