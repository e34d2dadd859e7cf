import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelect } from './multi-select';

const options = [
  { value: 'f', label: 'Female' },
  { value: 'm', label: 'Male' },
];

function Harness({ onChange }: { onChange(value: string[]): void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <label htmlFor="gender">Gender</label>
      <MultiSelect
        id="gender"
        label="Gender"
        options={options}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </>
  );
}

describe('MultiSelect', () => {
  it('is named by its label, lists the choices as checkboxes and summarises what is chosen', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: 'Gender' });
    expect(trigger).toHaveTextContent('Any');

    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Male' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Female' }));
    expect(onChange).toHaveBeenLastCalledWith(['m', 'f']);
    expect(trigger).toHaveTextContent('Female, Male');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Male' }));
    expect(onChange).toHaveBeenLastCalledWith(['f']);
    expect(screen.getByRole('checkbox', { name: 'Male' })).not.toBeChecked();
  });

  it('shows the change at once even while the owner has not applied it yet', async () => {
    render(
      <>
        <label htmlFor="tags">Tags</label>
        <MultiSelect id="tags" label="Tags" options={options} value={[]} onChange={() => undefined} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tags' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Female' }));
    expect(screen.getByRole('checkbox', { name: 'Female' })).toBeChecked();
  });
});
