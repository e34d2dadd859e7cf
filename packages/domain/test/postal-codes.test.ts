import { describe, expect, it } from 'vitest';
import { applicantAddressSchema, COUNTRY_CODES, countryName, MESSAGES } from '../src';
import { issuesOf, parsed } from './helpers';

const address = (country: string | null | undefined, zip: string) => ({ country, zip, city: 'x' });

describe('postal codes follow the country of the address', () => {
  it.each([
    // The United States keeps its five-digit ZIP code, also when no country is named.
    ['US', '90210', []],
    [null, '90210', []],
    [undefined, '9021', [`zip: ${MESSAGES.zipLength}`]],
    ['US', '90210-1234', [`zip: ${MESSAGES.zipLength}`]],
    ['GB', 'SW1A 1AA', []],
    ['GB', 'sw1a1aa', []],
    ['GB', '90210', [`zip: ${MESSAGES.postalCodeFormat('United Kingdom')}`]],
    ['CA', 'K1A 0B1', []],
    ['DE', '10115', []],
    ['DE', '1011', [`zip: ${MESSAGES.postalCodeFormat('Germany')}`]],
    ['NL', '1012 ab', []],
    ['IE', 'D02 X285', []],
    // Hong Kong has no postal codes on record: letters, digits, spaces and dashes pass.
    ['HK', '999077', []],
    ['HK', '99#077', [`zip: ${MESSAGES.postalCodeFormat('Hong Kong SAR China')}`]],
  ])('%s %j -> %j', (country, zip, messages) => {
    expect(issuesOf(applicantAddressSchema, address(country, zip))).toEqual(messages);
  });

  it('stores the country code and the postal code written as the country writes them', () => {
    expect(parsed(applicantAddressSchema, address(' gb ', ' sw1a   1aa '))).toMatchObject({
      country: 'GB',
      zip: 'SW1A 1AA',
    });
    expect(parsed(applicantAddressSchema, address('', ''))).toMatchObject({ country: null });
  });

  it('takes a country by its code, its English name or a common other name, and refuses one not on the list', () => {
    expect(parsed(applicantAddressSchema, address('United Kingdom', 'SW1A 1AA'))).toMatchObject({
      country: 'GB',
    });
    expect(parsed(applicantAddressSchema, address('sweden', '211 19'))).toMatchObject({ country: 'SE' });
    expect(parsed(applicantAddressSchema, address('USA', '90210'))).toMatchObject({ country: 'US' });
    expect(issuesOf(applicantAddressSchema, address('Narnia', '1'))).toContain(
      `country: ${MESSAGES.countryUnknown}`,
    );
  });

  it('lists every country once, each with a name', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES).toContain('GB');
    expect(COUNTRY_CODES).not.toContain('UK');
    expect(COUNTRY_CODES.filter((code) => countryName(code, 'en') === code)).toEqual([]);
  });
});
