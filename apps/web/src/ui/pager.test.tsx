import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, shownRange } from './pager';

describe('Pager', () => {
  it.each([
    [0, 20, 0, ''],
    [0, 20, 3, 'Showing 1–3 of 3'],
    [20, 20, 45, 'Showing 21–40 of 45'],
    [40, 20, 45, 'Showing 41–45 of 45'],
  ])('offset %i, page %i, total %i shows %j', (offset, pageSize, total, text) => {
    expect(shownRange(offset, pageSize, total)).toBe(text);
  });

  it('moves a page at a time and stops at both ends', async () => {
    const onOffsetChange = vi.fn();
    const { rerender } = render(
      <Pager label="Users pages" offset={0} pageSize={20} total={45} onOffsetChange={onOffsetChange} />,
    );
    const user = userEvent.setup();

    expect(screen.getByRole('navigation', { name: 'Users pages' })).toHaveTextContent('Showing 1–20 of 45');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onOffsetChange).toHaveBeenLastCalledWith(20);

    rerender(
      <Pager label="Users pages" offset={40} pageSize={20} total={45} onOffsetChange={onOffsetChange} />,
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onOffsetChange).toHaveBeenLastCalledWith(20);
  });

  it('offers no buttons when everything fits on one page, and none while a page loads', () => {
    const { rerender } = render(
      <Pager label="Pages" offset={0} pageSize={20} total={3} onOffsetChange={() => undefined} />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    rerender(
      <Pager label="Pages" offset={20} pageSize={20} total={45} onOffsetChange={() => undefined} busy />,
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
