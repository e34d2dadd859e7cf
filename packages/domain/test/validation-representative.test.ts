import { describe, expect, it } from 'vitest';
import { isValidAgentPhone, isValidWebsiteUrl, representativeFormSchema } from '../src';
import { issuesOf, parsed } from './helpers';

const agent = { firstName: 'Ann', lastName: 'Agent', email: 'ann@agency.com' };

describe('representative form', () => {
  it.each([
    [{ agencyId: 'a1', agent }, []],
    [{ agency: { name: 'Acme Talent' }, agent }, []],
    [
      {
        agency: { name: 'Acme Talent', websiteUrl: 'https://acme.example' },
        agent: { ...agent, phoneNumber: '' },
      },
      [],
    ],
    [
      { agent: { firstName: '', lastName: 'A', email: '' } },
      [
        'agent.firstName: First name is required',
        'agent.lastName: Last name must be at least 2 characters',
        'agent.email: Email is required',
        'agency.name: Agency name is required',
      ],
    ],
    [{ agency: { name: 'A' }, agent }, ['agency.name: Agency name must be at least 2 characters']],
    [{ agency: { name: 'Acme', websiteUrl: 'not a url' }, agent }, ['agency.websiteUrl: Invalid URL']],
    [{ agencyId: 'a1', agency: { websiteUrl: 'not a url' }, agent }, []],
    [{ agencyId: 'a1', agent: { ...agent, email: 'nope' } }, ['agent.email: Invalid email address']],
    [
      { agencyId: 'a1', agent: { ...agent, phoneNumber: '12345' } },
      ['agent.phoneNumber: Please enter a valid phone number.'],
    ],
  ])('%j -> %j', (value, messages) => {
    expect(issuesOf(representativeFormSchema, value)).toEqual(messages);
  });

  it('drops blank optional fields', () => {
    const form = parsed(representativeFormSchema, {
      agency: { name: ' Acme ', websiteUrl: ' ' },
      agent: { ...agent, phoneNumber: '  ' },
    });
    expect(form.agency).toEqual({ name: 'Acme', websiteUrl: undefined });
    expect(form.agent.phoneNumber).toBeUndefined();
  });

  it.each([
    ['5551234567', true],
    ['555-123-4567', true],
    ['(555) 123 4567', true],
    ['+1 555 123 4567', true],
    ['+44 5551234567', true],
    ['15551234567', true],
    ['555123456', false],
    ['+12345 5551234567', false],
    ['phone', false],
  ])('agent phone %j valid: %s', (value, valid) => {
    expect(isValidAgentPhone(value)).toBe(valid);
  });

  it.each([
    ['https://acme.com', true],
    ['http://www.acme.co.uk/path?x=1', true],
    ['acme.com', true],
    ['www.acme-talent.io', true],
    ['not a url', false],
    ['acme', false],
    ['ftp://acme.com', false],
    ['http://', false],
    ['https://acme.c', false],
  ])('website %j valid: %s', (value, valid) => {
    expect(isValidWebsiteUrl(value)).toBe(valid);
  });
});
