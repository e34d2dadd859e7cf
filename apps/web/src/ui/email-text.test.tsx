import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('keeps the whole address as its text and offers line breaks only after @ and before dots', () => {
    const { container } = render(<EmailText email="dana.holt@harbor-lights.example" />);

    expect(screen.getByText('dana.holt@harbor-lights.example')).toBeInTheDocument();
    const html = container.innerHTML;
    expect(html).toContain('dana<wbr>.holt@<wbr>harbor-lights<wbr>.example');
  });
});
