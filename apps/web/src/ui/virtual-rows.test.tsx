import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIRTUALIZE_FROM, VirtualList, VirtualTableBody } from './virtual-rows';

// The simulated DOM lays nothing out. These tests give the scroll area a 400 px view and every row 40 px, the
// sizes a browser would report, and check which rows exist in the page (Playwright covers real layout).
const VIEW = 400;
const ROW = 40;

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testScroll !== undefined || this.getAttribute('role') === 'region' ? VIEW : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ width: 600, height: ROW, top: 0, left: 0, right: 600, bottom: ROW, x: 0, y: 0 }) as DOMRect,
  );
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW);
});
afterEach(() => vi.restoreAllMocks());

const names = (count: number) => Array.from({ length: count }, (_, index) => `Value ${index + 1}`);

function renderList(items: readonly string[]) {
  return render(
    <VirtualList
      label="Cities"
      items={items}
      getKey={(item) => item}
      estimateSize={ROW}
      renderItem={(item, rowProps) => (
        <li {...rowProps}>
          <button type="button">{item}</button>
        </li>
      )}
    />,
  );
}

describe('VirtualList', () => {
  it('renders every row of a short list, with no scroll area of its own', () => {
    renderList(names(VIRTUALIZE_FROM - 1));

    const list = screen.getByRole('list', { name: 'Cities' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(VIRTUALIZE_FROM - 1);
    expect(screen.queryByRole('region', { name: 'Cities' })).not.toBeInTheDocument();
  });

  it('renders only the rows in view of a long list, each telling its place in the whole', () => {
    renderList(names(1000));

    const rows = within(screen.getByRole('list', { name: 'Cities' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(VIEW / ROW - 1);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveTextContent('Value 1');
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(rows[0]).toHaveAttribute('aria-setsize', '1000');
    expect(screen.queryByText('Value 500')).not.toBeInTheDocument();
  });

  it('brings the rows scrolled to into the page and keeps the room of the others', async () => {
    renderList(names(1000));
    const region = screen.getByRole('region', { name: 'Cities' });
    expect(region).toHaveAttribute('tabindex', '0');

    await act(async () => {
      region.scrollTop = 500 * ROW;
      fireEvent.scroll(region);
    });

    const row = await screen.findByText('Value 501');
    expect(row.closest('li')).toHaveAttribute('aria-posinset', '501');
    expect(screen.queryByText('Value 1')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Cities' });
    expect(Number.parseInt(list.style.paddingTop, 10)).toBeGreaterThan(400 * ROW);
  });
});

function Table({ count }: { count: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const items = names(count);
  return (
    <div ref={scrollRef} data-test-scroll="">
      <table aria-rowcount={count + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Name</th>
          </tr>
        </thead>
        <VirtualTableBody
          items={items}
          getKey={(item) => item}
          estimateSize={ROW}
          scrollRef={scrollRef}
          columns={1}
          renderRow={(item, rowProps) => (
            <tr {...rowProps}>
              <th scope="row">{item}</th>
            </tr>
          )}
        />
      </table>
    </div>
  );
}

describe('VirtualTableBody', () => {
  it('keeps table semantics: rows in view carry their index, spacer rows are hidden', () => {
    render(<Table count={500} />);

    const rows = screen.getAllByRole('row');
    // The header row and the rows in view; spacer rows are presentational.
    expect(rows.length).toBeLessThan(40);
    expect(rows[1]).toHaveAttribute('aria-rowindex', '2');
    expect(screen.getByRole('rowheader', { name: 'Value 1' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Value 400' })).not.toBeInTheDocument();
  });

  it('renders every row of a short table', () => {
    render(<Table count={20} />);

    expect(screen.getAllByRole('rowheader')).toHaveLength(20);
  });
});
