import { CONSENT_TEXTS, type ApplicantListItem } from '@casting/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CandidateList } from './candidate-list';

function row(overrides: Partial<ApplicantListItem>): ApplicantListItem {
  return {
    id: 'row-1',
    applicantId: 'person-1',
    projectId: 'p1',
    roleId: 'role-1',
    firstName: 'Ava',
    lastName: 'Lindgren',
    name: 'Ava Lindgren',
    initials: 'AL',
    photoUrl: null,
    email: null,
    phone: null,
    age: 30,
    playingAgeMin: null,
    playingAgeMax: null,
    genderId: null,
    source: 'ADMIN',
    folderIds: [],
    tags: [],
    votes: { UP_VOTE: 0, DOWN_VOTE: 0, MAYBE: 0 },
    myVote: null,
    submittedAt: '2031-01-01T00:00:00.000Z',
    location: null,
    representation: null,
    roster: null,
    minor: false,
    emailUnconfirmed: false,
    hasSelfie: false,
    ...overrides,
  };
}

const renderList = (items: ApplicantListItem[]) =>
  render(
    <CandidateList
      items={items}
      selected={new Set()}
      openId={null}
      roleNames={new Map()}
      showRole={false}
      genderNames={new Map()}
      onToggle={vi.fn()}
      onOpen={vi.fn()}
    />,
  );

describe('CandidateList rows', () => {
  it('show the clients’ answers beside the team’s votes, and nothing when no client answered', () => {
    renderList([
      row({ id: 'row-1', name: 'Kit Young', clientFeedback: { YES: 2, NO: 1, MAYBE: 0, comments: 1 } }),
      row({ id: 'row-2', applicantId: 'person-2', clientFeedback: { YES: 0, NO: 0, MAYBE: 0, comments: 0 } }),
    ]);
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Clients: 2 yes, 1 no, 1 comment')).toBeVisible();
    expect(within(items[1]!).queryByText(/Clients:/)).toBeNull();
  });

  it('mark a minor, and no one else', () => {
    renderList([
      row({ id: 'row-1', name: 'Kit Young', minor: true }),
      row({ id: 'row-2', applicantId: 'person-2', name: 'Ben Ode' }),
    ]);
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText(CONSENT_TEXTS.minor)).toBeInTheDocument();
    expect(within(items[1]!).queryByText(CONSENT_TEXTS.minor)).toBeNull();
  });

  it('mark an application waiting for its address owner’s confirmation as Unconfirmed, and no other', () => {
    renderList([
      row({ id: 'row-1', name: 'Mallory Stranger', email: null, emailUnconfirmed: true }),
      row({ id: 'row-2', applicantId: 'person-2', name: 'Vera Real' }),
    ]);
    const items = screen.getAllByRole('listitem');
    const badge = within(items[0]!).getByText(CONSENT_TEXTS.unconfirmed);
    expect(badge.closest('[title]')).toHaveAttribute('title', CONSENT_TEXTS.unconfirmedHint);
    expect(within(items[1]!).queryByText(CONSENT_TEXTS.unconfirmed)).toBeNull();
  });

  it('show where the candidate lives and who represents them, and nothing for a self-submitted one', () => {
    renderList([
      row({
        id: 'row-1',
        name: 'Ava Lindgren',
        location: 'Porto, Douro',
        representation: { agencyName: 'Harbour Artists', agentName: 'Rosa Agent' },
      }),
      row({ id: 'row-2', applicantId: 'person-2', name: 'Ben Ode', location: 'Lisbon' }),
      row({ id: 'row-3', applicantId: 'person-3', name: 'Cy Nil' }),
    ]);
    const items = screen.getAllByRole('listitem');
    expect(
      within(items[0]!).getByText('Porto, Douro · Represented by Rosa Agent (Harbour Artists)'),
    ).toBeInTheDocument();
    expect(within(items[1]!).getByText('Lisbon')).toBeInTheDocument();
    expect(within(items[1]!).queryByText(/Represented by/)).toBeNull();
    expect(within(items[2]!).queryByText(/Represented by|Lisbon|Porto/)).toBeNull();
  });

  it('show each row’s project roster standing with its dates, and none for a row off the roster', () => {
    renderList([
      row({
        id: 'row-1',
        name: 'Ava Lindgren',
        roster: { status: 'FIRST_HOLD', startDate: '2027-06-18', endDate: '2027-06-25' },
      }),
      row({
        id: 'row-2',
        applicantId: 'person-2',
        name: 'Ben Ode',
        roster: { status: 'RELEASED', startDate: '2027-06-18', endDate: '2027-06-25' },
      }),
      row({ id: 'row-3', applicantId: 'person-3', name: 'Cy Nil' }),
    ]);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Roster: First hold · 2027-06-18 to 2027-06-25');
    // A release keeps its dates for the record, but the pill says only that the person is free.
    expect(items[1]).toHaveTextContent('Roster: Released');
    expect(items[1]).not.toHaveTextContent('2027-06-18');
    expect(items[2]).not.toHaveTextContent(/Roster:|hold|Booked|Released/);
  });
});
