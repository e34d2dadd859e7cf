import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_TEXTS, MESSAGES } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const PROJECT = '11111111-1111-4111-8111-111111111111';
const LEAD = '22222222-2222-4222-8222-222222222222';
const EXTRA = '33333333-3333-4333-8333-333333333333';
const FEMALE = '55555555-5555-4555-8555-555555555555';
const LATINO = '77777777-7777-4777-8777-777777777777';

const LEAD_BREAKDOWN = {
  roleType: 'Lead',
  genders: ['Female'],
  ageMin: 25,
  ageMax: 32,
  ethnicAppearances: [],
  union: 'SAG-AFTRA',
  rate: '$1,200 a day',
  shootStartDate: '2027-04-01',
  shootEndDate: '2027-04-12',
  requirements: 'Must swim',
  backgrounds: [],
};

const notSignedIn = () => jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' });

function resolved(overrides: Record<string, unknown> = {}) {
  return {
    status: 'OPEN',
    message: null,
    shareLinkId: '44444444-4444-4444-8444-444444444444',
    projectId: PROJECT,
    title: 'Open call — spring',
    project: {
      name: 'Harbor Lights',
      description: 'A feature film shot in Maine.',
      productionCompany: null,
      location: 'Portland, Maine',
      submissionDeadline: '2027-03-01',
      auditionDate: null,
      shootStartDate: null,
      shootEndDate: null,
    },
    opportunities: [
      { id: LEAD, name: 'Lead', description: 'Late twenties.', breakdown: LEAD_BREAKDOWN },
      { id: EXTRA, name: 'Extra', description: null, breakdown: null },
    ],
    defaultRoleId: EXTRA,
    settings: {
      displayProjectDetails: true,
      displayOpportunityDetails: true,
      allowChangeRep: false,
      allowAddRep: true,
      underReview: false,
      allowNoRep: true,
      includeTalent: true,
      excludeAgent: false,
    },
    representative: null,
    agency: null,
    uploadGrant: null,
    minorRule: { ageOfMajority: 18, timeZone: 'UTC' },
    lookups: {
      genders: [
        { value: FEMALE, label: 'Female', description: null },
        { value: '66666666-6666-4666-8666-666666666666', label: 'Male', description: null },
      ],
      ethnicAppearances: [
        { value: LATINO, label: 'Hispanic / Latino', description: null },
        { value: '88888888-8888-4888-8888-888888888888', label: 'East Asian', description: null },
      ],
    },
    ...overrides,
  };
}

describe('public apply page', () => {
  it('shows a closed link as a clear page, never a form', async () => {
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'GET /api/v2/share-links/resolve': () =>
        jsonResponse(200, {
          ...resolved({
            status: 'CLOSED',
            message: 'This submission link is closed and no longer accepts submissions.',
          }),
          project: null,
          opportunities: [],
          settings: null,
        }),
    });
    renderApp(`/castingcall/apply/${TOKEN}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'This link is closed' })).toBeVisible();
    expect(screen.getByText(/no longer accepts submissions/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Review submission' })).toBeNull();
    // The secret went to the resolve call, without an account.
    const [call] = api.callsTo('GET /api/v2/share-links/resolve');
    expect(call?.url).toContain(`token=${TOKEN}`);
    expect(call?.headers.get('Authorization')).toBeNull();
  });

  it("shows the breakdown talent decide on: the project facts and each opportunity's terms", async () => {
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'GET /api/v2/share-links/resolve': () => jsonResponse(200, resolved()),
    });
    renderApp(`/castingcall/apply/${TOKEN}`, api.fetch);
    const lead = (await screen.findByRole('heading', { name: 'Lead', level: 2 })).parentElement!;
    const fact = (term: string) => within(lead).getByText(term).nextElementSibling?.textContent;
    expect(fact('Age range')).toBe('25–32');
    expect(fact('Union')).toBe('SAG-AFTRA');
    expect(fact('Rate')).toBe('$1,200 a day');
    expect(fact('Requirements')).toBe('Must swim');
    expect(fact('Shoot dates')).toMatch(/April 1, 2027 to April 12, 2027|1 April 2027 to 12 April 2027/);
    expect(screen.getByText('Location').nextElementSibling?.textContent).toBe('Portland, Maine');
    expect(screen.getByText('Submission deadline').nextElementSibling?.textContent).toMatch(
      /March 1, 2027|1 March 2027/,
    );
  });

  it('takes an address in any country: the postal code and region are named as the country names them', async () => {
    const user = userEvent.setup();
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'GET /api/v2/share-links/resolve': () => jsonResponse(200, resolved()),
      'GET /api/users/lookups/addresses': () =>
        jsonResponse(200, {
          items: [
            { zip: '04101', city: 'Portland', province: 'ME', country: 'US', label: 'Portland, ME 04101' },
          ],
        }),
    });
    renderApp(`/castingcall/apply/${TOKEN}`, api.fetch);
    await user.click(await screen.findByText('Address', { selector: 'summary' }));
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('US');
    await user.type(screen.getByRole('combobox', { name: 'ZIP code' }), '04101');
    await user.click(await screen.findByRole('option', { name: 'Portland, ME 04101' }));
    expect(screen.getByLabelText('State')).toHaveValue('ME');

    await user.selectOptions(country, 'United Kingdom');
    expect(screen.getByLabelText('Postcode')).toBeVisible();
    expect(screen.getByLabelText('County')).toBeVisible();
    const asked = api.callsTo('GET /api/users/lookups/addresses').length;
    await user.clear(screen.getByLabelText('Postcode'));
    await user.type(screen.getByLabelText('Postcode'), '10115');
    // The address look-up knows US places only: it is not asked about other countries.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.callsTo('GET /api/users/lookups/addresses')).toHaveLength(asked);
  });

  it('suggests places as a city is typed; arrows and Enter choose one, which fills the address', async () => {
    const user = userEvent.setup();
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'GET /api/v2/share-links/resolve': () => jsonResponse(200, resolved()),
      'GET /api/users/lookups/addresses': () =>
        jsonResponse(200, {
          items: [
            { zip: '97201', city: 'Portland', province: 'OR', country: 'US', label: 'Portland, OR 97201' },
            { zip: '04101', city: 'Portland', province: 'ME', country: 'US', label: 'Portland, ME 04101' },
          ],
        }),
    });
    renderApp(`/castingcall/apply/${TOKEN}`, api.fetch);
    await user.click(await screen.findByText('Address', { selector: 'summary' }));
    const city = await screen.findByRole('combobox', { name: 'City or town' });
    expect(city).toHaveAttribute('aria-expanded', 'false');
    await user.type(city, 'Portl');

    const list = await screen.findByRole('listbox', { name: 'Address suggestions' });
    expect(city).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Portland, OR 97201', 'Portland, ME 04101']);
    // Asked once typing paused, for the whole word typed, not per keystroke.
    const calls = api.callsTo('GET /api/users/lookups/addresses');
    expect(calls.map((call) => new URL(call.url, 'http://x').searchParams.get('q'))).toEqual(['Portl']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(city).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: 'Portland, ME 04101' }).id,
    );
    await user.keyboard('{Enter}');

    expect(city).toHaveValue('Portland');
    expect(city).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('combobox', { name: 'ZIP code' })).toHaveValue('04101');
    expect(screen.getByLabelText('State')).toHaveValue('ME');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    // Enter chose the place; it did not send the form.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the link does not exist', async () => {
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'GET /api/v2/share-links/resolve': () => jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' }),
      'GET /api/v2/projects/standalone-url-mapping': () =>
        jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' }),
    });
    renderApp(`/castingcall/apply/${TOKEN}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'Submission link not found' })).toBeVisible();
    // The page says it; no error toast repeats the API's answer.
    expect(screen.queryByText('Not found')).toBeNull();
  });

  it('checks the form with the domain rules, confirms, and submits what the talent typed', async () => {
    const user = userEvent.setup();
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'GET /api/v2/share-links/resolve': () => jsonResponse(200, resolved()),
      [`POST /api/applicants/${PROJECT}/check-email-webform`]: () => jsonResponse(200, { isReturning: true }),
      'POST /api/v2/applicants/standalone': () =>
        jsonResponse(201, { applicantId: 'a1', submissionId: 's1', message: 'Thank you!' }),
    });
    renderApp(`/castingcall/apply/${TOKEN}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'Open call — spring', level: 1 })).toBeVisible();
    expect(screen.getByText('Late twenties.')).toBeVisible();
    // The default opportunity is chosen to start with.
    expect(screen.getByLabelText('Extra')).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Review submission' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.invalidPhoneNumber)).toBeVisible();
    expect(screen.getByText(CONSENT_TEXTS.acceptTermsRequired)).toBeVisible();
    // An adult is asked for no guardian.
    expect(screen.queryByRole('group', { name: CONSENT_TEXTS.guardianSection })).toBeNull();
    expect(api.callsTo('POST /api/v2/applicants/standalone')).toHaveLength(0);

    await user.click(screen.getByLabelText('Lead'));
    await user.type(screen.getByLabelText('First name'), 'Tess');
    await user.type(screen.getByLabelText('Last name'), 'Alvarez');
    await user.type(screen.getByLabelText('Email'), 'tess@example.com');
    await user.tab();
    expect(await screen.findByText(/Welcome back!/)).toBeVisible();
    await user.type(screen.getByLabelText('Phone number'), '(202) 555-0143');
    await user.selectOptions(screen.getByLabelText(/^Gender/), 'Female');
    await user.click(screen.getByLabelText('Hispanic / Latino'));
    await user.click(screen.getByLabelText('I don’t have representation'));
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept the Terms of Service/ }));
    await user.click(screen.getByRole('button', { name: 'Review submission' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm submission' });
    expect(within(confirm).getByText('+12025550143')).toBeVisible();
    expect(within(confirm).getByText('Lead')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: /Your submission has been received/ })).toBeVisible();
    expect(screen.getByText(/check your e-mail/i)).toBeVisible();
    const [sent] = api.callsTo('POST /api/v2/applicants/standalone');
    expect(sent?.body).toMatchObject({
      token: TOKEN,
      roleId: LEAD,
      firstName: 'Tess',
      lastName: 'Alvarez',
      email: 'tess@example.com',
      phone: '+12025550143',
      genderId: FEMALE,
      ethnicAppearanceIds: [LATINO],
      repId: null,
      representative: null,
      acceptTerms: true,
      guardian: null,
    });
    // The honeypot stays empty for a person.
    expect((sent?.body as { website?: string }).website).toBeUndefined();
    expect(sent?.headers.get('Authorization')).toBeNull();
  });

  it('asks a minor for a guardian’s name, e-mail and consent, and sends them', async () => {
    const user = userEvent.setup();
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'GET /api/v2/share-links/resolve': () =>
        jsonResponse(200, resolved({ minorRule: { ageOfMajority: 16, timeZone: 'Europe/London' } })),
      [`POST /api/applicants/${PROJECT}/check-email-webform`]: () =>
        jsonResponse(200, { isReturning: false }),
      'POST /api/v2/applicants/standalone': () =>
        jsonResponse(201, { applicantId: 'a1', submissionId: 's1', message: 'Thank you!' }),
    });
    renderApp(`/castingcall/apply/${TOKEN}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'Open call — spring', level: 1 })).toBeVisible();
    await user.type(screen.getByLabelText('First name'), 'Kit');
    await user.type(screen.getByLabelText('Last name'), 'Young');
    await user.type(screen.getByLabelText('Email'), 'kit@example.com');
    await user.type(screen.getByLabelText('Phone number'), '(202) 555-0143');
    await user.click(screen.getByLabelText('Age'));
    await user.type(screen.getByRole('textbox', { name: 'Age' }), '16');
    expect(screen.queryByRole('group', { name: CONSENT_TEXTS.guardianSection })).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'Age' }));
    await user.type(screen.getByRole('textbox', { name: 'Age' }), '15');
    const guardian = await screen.findByRole('group', { name: CONSENT_TEXTS.guardianSection });
    expect(within(guardian).getByText(CONSENT_TEXTS.guardianIntro(16))).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept the Terms of Service/ }));
    await user.click(screen.getByRole('button', { name: 'Review submission' }));
    expect(await screen.findByText(CONSENT_TEXTS.guardianNameRequired)).toBeVisible();
    expect(screen.getByText(CONSENT_TEXTS.guardianEmailRequired)).toBeVisible();
    expect(screen.getByText(CONSENT_TEXTS.guardianConsentRequired)).toBeVisible();
    expect(api.callsTo('POST /api/v2/applicants/standalone')).toHaveLength(0);

    await user.type(within(guardian).getByLabelText(CONSENT_TEXTS.guardianName), 'Grace Young');
    await user.type(within(guardian).getByLabelText(CONSENT_TEXTS.guardianEmail), 'grace@example.com');
    await user.click(within(guardian).getByRole('checkbox', { name: CONSENT_TEXTS.guardianConsent }));
    await user.click(screen.getByRole('button', { name: 'Review submission' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm submission' });
    await user.click(within(confirm).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: /Your submission has been received/ })).toBeVisible();
    const [sent] = api.callsTo('POST /api/v2/applicants/standalone');
    expect(sent?.body).toMatchObject({
      age: 15,
      acceptTerms: true,
      guardian: { fullName: 'Grace Young', email: 'grace@example.com', consent: true },
    });
  });

  it('shows messages from the first review on, and takes each away as soon as its field is fixed', async () => {
    const user = userEvent.setup();
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'GET /api/v2/share-links/resolve': () => jsonResponse(200, resolved()),
      [`POST /api/applicants/${PROJECT}/check-email-webform`]: () =>
        jsonResponse(200, { isReturning: false }),
    });
    renderApp(`/castingcall/apply/${TOKEN}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'Open call — spring', level: 1 })).toBeVisible();
    // Nothing is judged while the person fills the form in for the first time.
    await user.type(screen.getByLabelText('Email'), 'tess@');
    expect(screen.queryByText(MESSAGES.invalidEmailAddress)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Review submission' }));
    expect(await screen.findByText(MESSAGES.invalidPhoneNumber)).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(MESSAGES.nameRequired);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    // Each message goes with the change that fixes its field; the others stay.
    await user.type(screen.getByLabelText('First name'), 'Tess');
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'false'));
    expect(screen.getByLabelText('First name')).not.toHaveAccessibleDescription(MESSAGES.nameRequired);
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(MESSAGES.nameRequired);
    expect(screen.getByText(MESSAGES.invalidPhoneNumber)).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'example.com');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false'));
    await user.type(screen.getByLabelText('Phone number'), '2025550143');
    await waitFor(() => expect(screen.queryByText(MESSAGES.invalidPhoneNumber)).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept the Terms of Service/ }));
    await waitFor(() => expect(screen.queryByText(CONSENT_TEXTS.acceptTermsRequired)).toBeNull());
    // A field emptied again after the first review says so at once.
    await user.clear(screen.getByLabelText('First name'));
    await waitFor(() =>
      expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(MESSAGES.nameRequired),
    );
    expect(api.callsTo('POST /api/v2/applicants/standalone')).toHaveLength(0);
  });
});
