import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../ui/toaster';
import { toast } from './toast';

// One sequence: the outlet's state is module-wide, as in the app, where it is mounted once.
describe('toast facade', () => {
  it('keeps toasts raised before the outlet is mounted and shows them, in order, once it is', async () => {
    const first = toast.error('Something went wrong', { description: 'Title already used' });
    toast.success('Saved');

    render(<Toaster />);

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Title already used')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(typeof first).toBe('string');
  });

  it('updates a loading toast by the id it returned, then dismisses it', async () => {
    render(<Toaster />);
    let id: string | number = '';
    act(() => {
      id = toast.loading('Updating role');
    });
    expect(await screen.findByText('Updating role')).toBeInTheDocument();

    act(() => {
      toast.success('Role updated', { id });
    });
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(screen.queryByText('Updating role')).not.toBeInTheDocument();

    act(() => {
      toast.dismiss(id);
    });
    await vi.waitFor(() => expect(screen.queryByText('Role updated')).not.toBeInTheDocument());
  });
});
