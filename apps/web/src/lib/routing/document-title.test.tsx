import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle, useTitleSubject } from './document-title';

function Page({ section, subject }: { section: string | null; subject: string | null }) {
  useDocumentTitle(section);
  return subject ? <Subject name={subject} /> : null;
}

function Subject({ name }: { name: string }) {
  useTitleSubject(name);
  return null;
}

describe('document title', () => {
  it.each([
    ['Candidates', 'Harbor Lights', 'Harbor Lights — Candidates · Casting'],
    ['Users', null, 'Users · Casting'],
    [null, null, 'Casting'],
  ])('section %s with subject %s reads %s', (section, subject, title) => {
    expect(documentTitle(section, subject)).toBe(title);
  });

  it('names the loaded record before the section, and drops it when the page goes', () => {
    const { rerender } = render(<Page section="Overview" subject="Harbor Lights" />);
    expect(document.title).toBe('Harbor Lights — Overview · Casting');

    rerender(<Page section="Projects" subject={null} />);
    expect(document.title).toBe('Projects · Casting');
  });
});
