import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EDITABLE_LABEL_AUTOFOCUS_MS, MESSAGES, renameFolderSchema } from '@casting/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/fetch-double';
import { EditableLabel } from './editable-label';
import type { EditableLabelProps } from './editable-label';

/** The folder name rule, as the folders feature passes it: a rule with a catalogue message. */
const folderNameError = (name: string) =>
  renameFolderSchema.shape.name.safeParse(name).error?.issues[0]?.message ?? null;

function renderLabel(props: Partial<EditableLabelProps> = {}) {
  const onSave = props.onSave ?? vi.fn();
  render(
    <>
      <EditableLabel
        value="Callbacks"
        inputLabel="Folder name"
        editLabel="Rename folder Callbacks"
        validate={folderNameError}
        {...props}
        onSave={onSave}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { onSave, user: userEvent.setup() };
}

const label = () => screen.getByRole('button', { name: 'Rename folder Callbacks' });
const box = () => screen.getByRole('textbox', { name: 'Folder name' });
const dot = () => screen.queryByText('Unsaved change');

describe('EditableLabel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the text and turns into a focused text box on click', async () => {
    const { user } = renderLabel();

    expect(label()).toHaveTextContent('Callbacks');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(label());

    expect(box()).toHaveValue('Callbacks');
    expect(box()).toHaveFocus();
  });

  it('shows the dot only while the text differs from the saved value', async () => {
    const { user } = renderLabel();
    await user.click(label());

    expect(dot()).not.toBeInTheDocument();
    await user.type(box(), ' Day 1');
    expect(dot()).toBeInTheDocument();
    await user.clear(box());
    await user.type(box(), 'Callbacks');
    expect(dot()).not.toBeInTheDocument();
  });

  it('saves the trimmed text on Enter and shows it while the save runs', async () => {
    const saved = deferred();
    const onSave = vi.fn(() => saved.promise);
    const { user } = renderLabel({ onSave });
    await user.click(label());

    await user.clear(box());
    await user.type(box(), '  Day 1 picks {Enter}');

    expect(onSave).toHaveBeenCalledExactlyOnceWith('Day 1 picks');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(label()).toHaveTextContent('Day 1 picks');
    expect(label()).toHaveAttribute('aria-busy', 'true');
    await act(async () => saved.resolve());
    expect(label()).toHaveAttribute('aria-busy', 'false');
  });

  it('saves on Tab once, although the box then loses focus too', async () => {
    const { user, onSave } = renderLabel();
    await user.click(label());

    await user.type(box(), ' 2');
    await user.tab();

    expect(onSave).toHaveBeenCalledExactlyOnceWith('Callbacks 2');
  });

  it('saves when the box loses focus', async () => {
    const { user, onSave } = renderLabel();
    await user.click(label());

    await user.type(box(), ' 2');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(onSave).toHaveBeenCalledExactlyOnceWith('Callbacks 2');
  });

  it('cancels on Escape: nothing is saved and the old text is back', async () => {
    const onCancel = vi.fn();
    const { user, onSave } = renderLabel({ onCancel });
    await user.click(label());

    await user.type(box(), ' scrapped{Escape}');

    expect(onSave).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(label()).toHaveTextContent('Callbacks');
    await user.click(label());
    expect(box()).toHaveValue('Callbacks');
  });

  it('does not save an unchanged text', async () => {
    const { user, onSave } = renderLabel();
    await user.click(label());

    await user.keyboard('{Enter}');

    expect(onSave).not.toHaveBeenCalled();
    expect(label()).toBeInTheDocument();
  });

  it("keeps editing with 'Folder name is required' when the text is emptied", async () => {
    const { user, onSave } = renderLabel();
    await user.click(label());

    await user.clear(box());
    await user.keyboard('{Enter}');

    expect(onSave).not.toHaveBeenCalled();
    expect(box()).toHaveAccessibleDescription(MESSAGES.folderNameRequired);
    expect(box()).toHaveAttribute('aria-invalid', 'true');
  });

  it('comes back with the typed text and the reason when saving fails', async () => {
    const failure = deferred();
    const { user } = renderLabel({ onSave: () => failure.promise });
    await user.click(label());
    await user.type(box(), ' 2{Enter}');

    expect(label()).toHaveTextContent('Callbacks 2');
    await act(async () => failure.reject(new Error('System folders cannot be renamed or deleted.')));

    expect(box()).toHaveValue('Callbacks 2');
    expect(box()).toHaveAccessibleDescription('System folders cannot be renamed or deleted.');
  });

  it('with autoFocus starts editing and takes focus after 500 ms', () => {
    vi.useFakeTimers();
    render(
      <EditableLabel
        value=""
        autoFocus
        inputLabel="New folder name"
        editLabel="Name the new folder"
        onSave={vi.fn()}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'New folder name' });

    act(() => vi.advanceTimersByTime(EDITABLE_LABEL_AUTOFOCUS_MS - 1));
    expect(input).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(input).toHaveFocus();
  });
});
