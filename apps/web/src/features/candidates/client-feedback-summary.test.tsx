import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClientFeedbackSection, clientTallyText } from './client-feedback-summary';

describe('client feedback beside the team’s', () => {
  it.each([
    [{ YES: 2, NO: 1, MAYBE: 0, comments: 1 }, 'Clients: 2 yes, 1 no, 1 comment'],
    [{ YES: 0, NO: 0, MAYBE: 3, comments: 2 }, 'Clients: 3 maybe, 2 comments'],
    [{ YES: 0, NO: 0, MAYBE: 0, comments: 0 }, null],
    [null, null],
  ])('%o reads %s', (tally, text) => {
    expect(clientTallyText(tally)).toBe(text);
  });

  it('the preview lists each client’s vote and comment with their name and the link', () => {
    render(
      <ClientFeedbackSection
        feedback={[
          {
            viewerName: 'Paula Producer',
            linkTitle: 'Producer picks',
            vote: 'YES',
            comment: 'Great energy',
            updatedAt: '2031-01-02T00:00:00.000Z',
          },
          {
            viewerName: 'Dan Director',
            linkTitle: 'Producer picks',
            vote: 'NO',
            comment: null,
            updatedAt: '2031-01-01T00:00:00.000Z',
          },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Client feedback' });
    const [paula, dan] = within(section).getAllByRole('listitem');
    expect(paula).toHaveTextContent('Paula Producer on “Producer picks”: Yes');
    expect(paula).toHaveTextContent('Great energy');
    expect(dan).toHaveTextContent('Dan Director on “Producer picks”: No');
  });

  it('shows nothing when no client answered', () => {
    const { container } = render(<ClientFeedbackSection feedback={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
