import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';
import { Field } from './field';
import { PageHeader } from './page-header';
import { SkeletonList } from './skeleton';
import { StatusBadge } from './status-badge';

describe('PageHeader', () => {
  it('shows one heading, breadcrumbs with links except the current page, and the actions', () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="Harbor Lights"
          breadcrumbs={[{ label: 'Projects', to: '/projects' }, { label: 'Harbor Lights' }]}
          actions={<button type="button">Edit project</button>}
        />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Harbor Lights' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(crumbs).getByText('Harbor Lights')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Edit project' })).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('says what is missing, what to do, and offers the button to do it', () => {
    render(
      <EmptyState
        title="No opportunities yet"
        description="Add the first role you are casting."
        action={<button type="button">Create opportunity</button>}
      />,
    );

    expect(screen.getByText('No opportunities yet')).toBeInTheDocument();
    expect(screen.getByText('Add the first role you are casting.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create opportunity' })).toBeInTheDocument();
  });
});

describe('SkeletonList', () => {
  it('is announced once by its label and hides its placeholder shapes', () => {
    const { container } = render(<SkeletonList label="Loading projects" rows={3} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading projects');
    expect(container.querySelectorAll('[aria-hidden="true"].rounded-xl')).toHaveLength(3);
  });
});

describe('StatusBadge', () => {
  it('shows its word', () => {
    render(<StatusBadge tone="success">Active</StatusBadge>);
    expect(screen.getByText('Active')).toBeInTheDocument();
  });
});

describe('Field', () => {
  it('marks a required field for every reader and links its message to the control', () => {
    render(
      <Field label="Email" required error="Email is required">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('Email is required');
    expect(screen.getByTitle('required')).toHaveTextContent('*');
  });

  it('leaves an optional field unmarked', () => {
    render(<Field label="Website">{(control) => <input {...control} />}</Field>);
    expect(screen.getByRole('textbox', { name: 'Website' })).not.toBeRequired();
    expect(screen.queryByTitle('required')).not.toBeInTheDocument();
  });
});
