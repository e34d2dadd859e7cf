import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@casting/domain';
import type { ProjectScope } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../test/fetch-double';
import { Toaster } from '../../ui/toaster';
import { InviteForm } from './invite-form';

function renderForm(
  onInvite: (emails: string[], scope: ProjectScope) => Promise<boolean> = vi.fn(async () => true),
  grantable: ProjectScope[] = ['PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'],
) {
  render(
    <>
      <InviteForm grantable={grantable} onInvite={onInvite} />
      <Toaster />
    </>,
  );
  return { onInvite, user: userEvent.setup() };
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const add = () => screen.getByRole('button', { name: 'Add' });

async function chooseRole(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('InviteForm', () => {
  // Sonner keeps its toasts in module state: a new Toaster would show the previous test's ones.
  afterEach(() => {
    toast.dismiss();
  });

  it('offers only the roles the inviter may grant', async () => {
    const { user } = renderForm(undefined, ['TALENT_EDITOR', 'TALENT_SUBMITTER']);

    await user.click(screen.getByRole('combobox', { name: 'Role' }));

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Talent Editor', 'Talent Submitter']);
  });

  it('keeps Add disabled without an e-mail, without a role, and enables it with both', async () => {
    const { user } = renderForm();

    expect(add()).toBeDisabled();
    await user.type(email(), 'eli@example.com');
    expect(add()).toBeDisabled();
    await chooseRole(user, 'Project Editor');
    expect(add()).toBeEnabled();
    await user.clear(email());
    expect(add()).toBeDisabled();
  });

  it('explains the chosen role, and asks for a role again after an invite', async () => {
    const { user, onInvite } = renderForm();

    await user.type(email(), 'eli@example.com');
    await chooseRole(user, 'Talent Editor');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(
      MESSAGES.projectRoleExplanations.TALENT_EDITOR,
    );
    await user.click(add());

    expect(onInvite).toHaveBeenCalledWith(['eli@example.com'], 'TALENT_EDITOR');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Select a role');
    expect(add()).toBeDisabled();
  });

  it('checks the address on blur, not while typing the first time', async () => {
    const { user } = renderForm();
    await chooseRole(user, 'Project Editor');

    await user.type(email(), 'eli@');
    expect(email()).not.toHaveAccessibleDescription(MESSAGES.inviteInvalidEmail);
    expect(add()).toBeEnabled();

    await user.tab();
    expect(email()).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.inviteInvalidEmail));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(add()).toBeDisabled();
  });

  it('checks on every change once an error shows, and clears it as soon as the address is valid', async () => {
    const { user } = renderForm();
    await chooseRole(user, 'Project Editor');
    await user.type(email(), 'eli@example');
    await user.tab();
    expect(email()).toHaveAttribute('aria-invalid', 'true');

    await user.type(email(), '.co');

    expect(email()).toHaveAttribute('aria-invalid', 'false');
    expect(add()).toBeEnabled();
    // With no error showing any more, the next check waits for the next blur again.
    await user.type(email(), ', nope');
    expect(email()).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
  });

  it("refuses to send with an invalid address: toast 'Please enter a valid email address'", async () => {
    const { user, onInvite } = renderForm();
    await chooseRole(user, 'Talent Editor');

    await user.type(email(), 'not-an-address{Enter}');

    expect(await screen.findByText(MESSAGES.inviteSendInvalidEmail)).toBeInTheDocument();
    expect(onInvite).not.toHaveBeenCalled();
  });

  it('sends every address, normalised, with the chosen role; disabled while adding; cleared after', async () => {
    const answer = deferred<boolean>();
    const onInvite = vi.fn(() => answer.promise);
    const { user } = renderForm(onInvite);
    await chooseRole(user, 'Talent Editor');
    await user.type(email(), 'Eli@Example.com, tess@example.com');

    await user.click(add());

    expect(onInvite).toHaveBeenCalledExactlyOnceWith(
      ['eli@example.com', 'tess@example.com'],
      'TALENT_EDITOR',
    );
    expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled();
    answer.resolve(true);
    await vi.waitFor(() => expect(email()).toHaveValue(''));
    expect(add()).toBeDisabled();
  });

  it('keeps the addresses when the invitation did not go through', async () => {
    const { user } = renderForm(vi.fn(async () => false));
    await chooseRole(user, 'Talent Editor');
    await user.type(email(), 'talent@example.com');

    await user.click(add());

    await vi.waitFor(() => expect(add()).toBeEnabled());
    expect(email()).toHaveValue('talent@example.com');
  });
});
