import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RoleSelect } from './role-select';
import { truncateName } from './truncate-name';

const LONG = 'Detective Inspector Margaret “Peggy” Aldridge-Fontaine (recurring)';

describe('truncateName', () => {
  it('keeps names of up to 50 characters whole', () => {
    const fifty = 'x'.repeat(50);
    expect(truncateName(fifty)).toBe(fifty);
  });

  it('cuts longer names at 50 characters and adds an ellipsis', () => {
    expect(truncateName(LONG)).toBe(`${LONG.slice(0, 50).trimEnd()}…`);
    expect(Array.from(truncateName('y'.repeat(51)))).toHaveLength(51);
  });
});

describe('RoleSelect', () => {
  const options = [
    { value: 'r1', label: LONG, description: null },
    { value: 'r2', label: 'Deckhand', description: 'Works the nets' },
  ];

  it('lists options cut at 50 characters, keeping the full name as their accessible name and tooltip', async () => {
    const user = userEvent.setup();
    render(<RoleSelect options={options} value={undefined} onValueChange={vi.fn()} />);

    await user.click(screen.getByRole('combobox'));

    const long = await screen.findByRole('option', { name: LONG });
    expect(long).toHaveTextContent(truncateName(LONG));
    expect(long).not.toHaveTextContent(LONG);
    expect(long).toHaveAttribute('title', LONG);
    expect(screen.getByRole('option', { name: 'Deckhand' })).not.toHaveAttribute('title');
  });

  it('hands back the chosen opportunity id', async () => {
    const onValueChange = vi.fn();
    const user = userEvent.setup();
    render(<RoleSelect options={options} value="r1" onValueChange={onValueChange} />);

    expect(screen.getByRole('combobox')).toHaveTextContent(truncateName(LONG));
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Deckhand' }));

    expect(onValueChange).toHaveBeenCalledWith('r2');
  });
});
