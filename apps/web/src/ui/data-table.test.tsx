import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createContext, use, useState } from 'react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, DataTableSkeleton } from './data-table';
import type { DataTableColumn } from './data-table';

interface Person {
  id: string;
  name: string;
  role: string;
  city: string;
}

const PEOPLE: Person[] = [
  { id: 'a', name: 'Ada Byron', role: 'Director', city: 'London' },
  { id: 'b', name: 'Ben Okri', role: 'Assistant', city: 'Lagos' },
];

const remove = vi.fn();

const COLUMNS: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (person) => person.name },
  { id: 'role', header: 'Role', cell: (person) => person.role },
  { id: 'city', header: 'City', wide: true, cell: (person) => person.city },
  {
    id: 'actions',
    header: 'Actions',
    actions: true,
    cell: (person) => (
      <button type="button" onClick={() => remove(person.id)}>
        Remove {person.name}
      </button>
    ),
  },
];

describe('DataTable', () => {
  it('is a table with column headers, a row header naming each row and its caption', () => {
    render(
      <DataTable
        label="People table"
        caption="People, by name"
        columns={COLUMNS}
        items={PEOPLE}
        getKey={(person) => person.id}
        estimateSize={48}
      />,
    );

    const region = screen.getByRole('region', { name: 'People table' });
    const table = within(region).getByRole('table', { name: 'People, by name' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Role', 'City', 'Actions']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Ada Byron', 'Ben Okri']);
    expect(table).toHaveAttribute('aria-rowcount', '3');
  });

  it("gives every cell but the row's title and actions its column's name, shown only on a phone", async () => {
    render(
      <DataTable
        label="People table"
        caption="People"
        columns={COLUMNS}
        items={PEOPLE}
        getKey={(person) => person.id}
        estimateSize={48}
      />,
    );

    const [, first] = screen.getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    // The label is text in the cell (so a phone's card reads 'Role Director'); md:hidden hides it on a wide screen,
    // where the column header says the same.
    expect(cells.map((cell) => cell.textContent)).toEqual(['RoleDirector', 'CityLondon', 'Remove Ada Byron']);
    const label = within(cells[0]!).getByText('Role');
    expect(label).toHaveClass('md:hidden');
    expect(label).not.toHaveAttribute('aria-hidden');
    // The row becomes a two-column card below md; wide cells and the actions take the whole width.
    expect(first).toHaveClass('max-md:grid', 'max-md:grid-cols-2');
    expect(cells[1]).toHaveClass('max-md:col-span-2');
    expect(cells[2]).toHaveClass('max-md:col-span-2');
    expect(screen.getByRole('table')).toHaveClass('max-md:block');

    await userEvent.setup().click(within(first!).getByRole('button', { name: 'Remove Ada Byron' }));
    expect(remove).toHaveBeenCalledWith('a');
  });

  it("lets a row's cells share the row's state through wrapRow, kept across renders", async () => {
    const Count = createContext<{ count: number; add(): void } | null>(null);
    function Counter({ children }: { children: ReactNode }) {
      const [count, setCount] = useState(0);
      return <Count value={{ count, add: () => setCount((n) => n + 1) }}>{children}</Count>;
    }
    function Shown({ name }: { name: string }) {
      const state = use(Count)!;
      return <span>{`${name}: ${state.count}`}</span>;
    }
    function Add({ name }: { name: string }) {
      const state = use(Count)!;
      return (
        <button type="button" onClick={state.add}>
          Add to {name}
        </button>
      );
    }
    const columns: DataTableColumn<Person>[] = [
      { id: 'name', header: 'Name', rowHeader: true, cell: (person) => <Shown name={person.name} /> },
      { id: 'add', header: 'Actions', actions: true, cell: (person) => <Add name={person.name} /> },
    ];
    function Host() {
      const [, rerender] = useState(0);
      return (
        <>
          <button type="button" onClick={() => rerender((n) => n + 1)}>
            Render again
          </button>
          <DataTable
            label="Counters"
            caption="Counters"
            columns={columns}
            items={PEOPLE}
            getKey={(person) => person.id}
            estimateSize={48}
            wrapRow={(_person, row) => <Counter>{row}</Counter>}
          />
        </>
      );
    }
    render(<Host />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Add to Ben Okri' }));
    await user.click(screen.getByRole('button', { name: 'Render again' }));
    expect(screen.getByRole('rowheader', { name: 'Ben Okri: 1' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Ada Byron: 0' })).toBeInTheDocument();
  });

  it('says what to do when there are no rows', () => {
    render(
      <DataTable
        label="People table"
        caption="People"
        columns={COLUMNS}
        items={[]}
        getKey={(person) => person.id}
        estimateSize={48}
        empty="No people match this search."
      />,
    );
    expect(screen.getByRole('region', { name: 'People table' })).toHaveTextContent(
      'No people match this search.',
    );
    expect(screen.queryAllByRole('rowheader')).toEqual([]);
  });

  it('renders only the rows in view once the table is long, each saying its place', () => {
    const many = Array.from({ length: 500 }, (_, index) => ({
      id: String(index),
      name: `Person ${index}`,
      role: 'Talent',
      city: 'Leeds',
    }));
    render(
      <DataTable
        label="People table"
        caption="People"
        columns={COLUMNS}
        items={many}
        getKey={(person) => person.id}
        estimateSize={48}
      />,
    );
    const rows = screen.queryAllByRole('rowheader');
    expect(rows.length).toBeLessThan(100);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '501');
  });
});

describe('DataTableSkeleton', () => {
  it('is announced once by its label and shows the column names the table will have', () => {
    render(<DataTableSkeleton label="Loading people" columns={['Name', 'Role', 'City']} rows={3} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading people');
    expect(screen.queryByRole('table')).toBeNull();
    expect(status.querySelector('[aria-hidden="true"]')).toHaveTextContent('NameRoleCity');
  });
});
