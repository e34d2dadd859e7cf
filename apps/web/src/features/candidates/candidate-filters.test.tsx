import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CandidateFilters } from './candidate-filters';
import { DEFAULT_VIEW } from './candidates-url';

const base = { view: DEFAULT_VIEW, genders: [], tags: [], teamMembers: null, feedbackEnabled: true };

describe('CandidateFilters referral and agents', () => {
  it('are offered only to those who may use them', () => {
    const { rerender } = render(<CandidateFilters {...base} onChange={vi.fn()} />);
    expect(screen.queryByText('Referral link')).toBeNull();
    expect(screen.queryByLabelText('Representative contains')).toBeNull();
    rerender(
      <CandidateFilters
        {...base}
        onChange={vi.fn()}
        referralLinks={[{ value: 'l1', label: 'Spring open call' }]}
        agents={[{ value: 'a1', label: 'Rosa Agent (Harbour Artists)' }]}
      />,
    );
    expect(screen.getAllByText('Referral link').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Agents').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Search representatives by')).toBeInTheDocument();
  });

  it('applies the representative search on Enter from 3 characters, with its type', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CandidateFilters {...base} onChange={onChange} referralLinks={[]} agents={[]} />);
    await user.selectOptions(screen.getByLabelText('Search representatives by'), 'AGENCY_NAME');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ agentSearchType: 'AGENCY_NAME' }));
    onChange.mockClear();
    const box = screen.getByLabelText('Representative contains');
    await user.type(box, 'ha{Enter}');
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await user.type(box, 'r{Enter}');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ agentSearchTerm: 'har' }));
  });
});
