import { MESSAGES, OFFICE_MESSAGES, OFFICE_TEXTS } from '@casting/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { HARBOR_ID, NORTHWIND_ID, officesServer } from './offices-fixtures';

const menuButton = () => screen.findByRole('button', { name: /^Harbor Casting, office menu$/ });

describe('office menu', () => {
  it("shows the current office's name and lists the person's offices with their role", async () => {
    renderApp('/projects', officesServer().fetch);
    const user = userEvent.setup();

    await user.click(await menuButton());

    const choices = await screen.findAllByRole('menuitemradio');
    expect(choices).toHaveLength(2);
    expect(choices[0]).toHaveAccessibleName(/^Harbor Casting\s*Owner$/);
    expect(choices[1]).toHaveAccessibleName(/^Northwind Casting\s*Casting Director$/);
    expect(choices[0]).toHaveAttribute('aria-checked', 'true');
    expect(choices[1]).toHaveAttribute('aria-checked', 'false');
    // An owner reaches the office's pages from the same menu.
    expect(screen.getByRole('menuitem', { name: 'Office settings' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Members' })).toBeInTheDocument();
  });

  it('shows the logo when the office has one', async () => {
    const server = officesServer();
    server.on('GET /api/offices/current', () =>
      jsonResponse(200, {
        id: HARBOR_ID,
        name: 'Harbor Casting',
        logoUrl: '/api/files/logo.png',
        timeZone: 'UTC',
        dateFormat: 'YYYY-MM-DD',
        mailSenderName: null,
        status: 'ACTIVE',
        ageOfMajority: 18,
        retentionDays: null,
        myRole: 'OWNER',
      }),
    );
    renderApp('/projects', server.fetch);

    const button = await menuButton();
    await waitFor(() => expect(button.querySelector('img')).toHaveAttribute('src', '/api/files/logo.png'));
  });

  it('switches with the keyboard, drops what the previous office showed and starts over on the projects page', async () => {
    const server = officesServer();
    const { router, queryClient } = renderApp('/profile', server.fetch);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Your profile', level: 1 });
    // Something of Harbor's is in the cache: its projects, read by the command palette's search.
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('option', { name: /Harbor Lights/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    (await menuButton()).focus();
    await user.keyboard('{Enter}');
    await screen.findAllByRole('menuitemradio');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: /Northwind Casting/ })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(server.callsTo('POST /api/offices/switch')[0]?.body).toEqual({ officeId: NORTHWIND_ID });
    expect(await screen.findByText('You are now working in Northwind Casting')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: /^Northwind Casting, office menu$/ }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Northern Star')).toBeInTheDocument();
    expect(screen.queryByText('Harbor Lights')).not.toBeInTheDocument();
    // Nothing read in Harbor survived the switch: no cached answer mentions it any more.
    const cached = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    );
    expect(cached).toContain('Northern Star');
    expect(cached).not.toContain('Harbor Lights');
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('option', { name: /Northern Star/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Harbor Lights/ })).not.toBeInTheDocument();
  });

  it('stays where it is and says why when the server refuses the switch', async () => {
    const server = officesServer({
      overrides: {
        'POST /api/offices/switch': () =>
          jsonResponse(403, { code: 'FORBIDDEN', message: OFFICE_MESSAGES.officeNotActive }),
      },
    });
    const { router } = renderApp('/profile', server.fetch);
    const user = userEvent.setup();

    await user.click(await menuButton());
    await user.click(await screen.findByRole('menuitemradio', { name: /Northwind Casting/ }));

    expect(await screen.findByText(OFFICE_MESSAGES.officeNotActive)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(server.currentId()).toBe(HARBOR_ID);
  });
});

describe('office gate', () => {
  it('puts the reason and a way out in place of a page that needs an office', async () => {
    const server = officesServer({
      overrides: {
        'GET /api/offices/current': () =>
          jsonResponse(403, { code: 'OFFICE_REQUIRED', message: OFFICE_MESSAGES.awaitingApproval }),
      },
    });
    renderApp('/projects', server.fetch);
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'Your office is awaiting approval' }),
    ).toBeInTheDocument();
    expect(screen.getByText(OFFICE_MESSAGES.awaitingApproval)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).queryByRole('heading', { name: 'Projects' })).not.toBeInTheDocument();

    await user.click(within(main).getByRole('button', { name: 'Work in Northwind Casting' }));

    await waitFor(() => expect(server.currentId()).toBe(NORTHWIND_ID));
  });

  it('says what to do when the person has no office at all', async () => {
    const server = officesServer({
      overrides: {
        'GET /api/offices/current': () =>
          jsonResponse(403, { code: 'OFFICE_REQUIRED', message: MESSAGES.officeRequired }),
        'GET /api/offices/mine': () => jsonResponse(200, { items: [] }),
      },
    });
    renderApp('/roster', server.fetch);

    expect(await screen.findByRole('heading', { name: 'No office to work in' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.officeRequired)).toBeInTheDocument();
    expect(screen.getByText(OFFICE_TEXTS.askForInvitation)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Choose an office, office menu' })).toBeInTheDocument();
  });

  it('leaves pages that need no office alone', async () => {
    const server = officesServer({
      overrides: {
        'GET /api/offices/current': () =>
          jsonResponse(403, { code: 'OFFICE_REQUIRED', message: OFFICE_MESSAGES.awaitingApproval }),
      },
    });
    renderApp('/profile', server.fetch);

    expect(await screen.findByRole('heading', { name: 'Your profile', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No office to work in' })).not.toBeInTheDocument();
  });
});
