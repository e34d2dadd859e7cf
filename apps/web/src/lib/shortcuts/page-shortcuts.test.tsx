import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EditableLabel } from '../../ui/editable-label';
import { usePageShortcutList } from './page-shortcuts';

function Listed() {
  const shortcuts = usePageShortcutList();
  return (
    <ul aria-label="On this page">
      {shortcuts.map((shortcut) => (
        <li key={shortcut.what}>{`${shortcut.keys.join('+')}: ${shortcut.what}`}</li>
      ))}
    </ul>
  );
}

function Page() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(false)}>
        Hide the names
      </button>
      {shown ? (
        <>
          <EditableLabel
            value="Callbacks"
            inputLabel="Folder name"
            editLabel="Rename Callbacks"
            onSave={() => {}}
          />
          <EditableLabel value="Picks" inputLabel="Folder name" editLabel="Rename Picks" onSave={() => {}} />
        </>
      ) : null}
      <Listed />
    </>
  );
}

describe('page shortcuts', () => {
  it('lists the keys of what is on the page, once however many register them, and drops them when it goes', async () => {
    render(<Page />);
    const list = screen.getByRole('list', { name: 'On this page' });
    expect(Array.from(list.querySelectorAll('li')).map((item) => item.textContent)).toEqual([
      'Enter: Save a name you are editing',
      'Esc: Stop editing a name without saving',
    ]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide the names' }));
    expect(list.querySelectorAll('li')).toHaveLength(0);
  });
});
