import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterChips } from './filter-chips';

const chips = [
  { id: 'age', label: 'Age 25–40' },
  { id: 'tag:1', label: 'Tag: Dancer' },
];

describe('FilterChips', () => {
  it('shows nothing while no filter is active', () => {
    const { container } = render(<FilterChips chips={[]} onRemove={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists each filter with its own remove button that names it', async () => {
    const onRemove = vi.fn();
    render(<FilterChips chips={chips} onRemove={onRemove} />);

    const group = screen.getByRole('group', { name: 'Active filters' });
    expect(within(group).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(group).getByRole('button', { name: 'Remove filter Tag: Dancer' }));
    expect(onRemove).toHaveBeenCalledWith('tag:1');
  });

  it('offers to clear everything only from two filters up', async () => {
    const onClearAll = vi.fn();
    const { rerender } = render(
      <FilterChips chips={chips.slice(0, 1)} onRemove={() => undefined} onClearAll={onClearAll} />,
    );
    expect(screen.queryByRole('button', { name: 'Clear all filters' })).not.toBeInTheDocument();

    rerender(<FilterChips chips={chips} onRemove={() => undefined} onClearAll={onClearAll} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(onClearAll).toHaveBeenCalledOnce();
  });
});
