import { countryName } from './countries';

/**
 * The address form's words, which follow the country: a ZIP code and a state in the United States, a postcode and a
 * county in the United Kingdom and Ireland, a postal code and a province in Canada. A country not named here gets
 * the general words.
 */
export const ADDRESS_TEXTS = {
  country: 'Country',
  addressLineOne: 'Address line 1',
  addressLineTwo: 'Address line 2',
  city: 'City or town',
  suggestions: 'Address suggestions',
  zipHint: 'Five digits; we suggest the city and state.',
};

const POSTCODE_COUNTRIES = new Set(['GB', 'IE', 'AU', 'NZ', 'IM', 'JE', 'GG']);
const STATE_COUNTRIES = new Set(['US', 'AU', 'MX', 'BR', 'IN', 'MY', 'NG']);
const PROVINCE_COUNTRIES = new Set(['CA', 'ZA', 'AR', 'NL', 'BE', 'ES', 'IT', 'PH', 'CN']);
const COUNTY_COUNTRIES = new Set(['GB', 'IE']);

/** What the country calls its postal code. */
export function postalCodeLabel(country: string): string {
  if (country === 'US') return 'ZIP code';
  return POSTCODE_COUNTRIES.has(country) ? 'Postcode' : 'Postal code';
}

/** What the country calls the area between the city and the country. */
export function regionLabel(country: string): string {
  if (STATE_COUNTRIES.has(country)) return 'State';
  if (PROVINCE_COUNTRIES.has(country)) return 'Province';
  if (COUNTY_COUNTRIES.has(country)) return 'County';
  return 'Region';
}

/** An address on one line, the country by its name in the reader's language ("London, SW1A 1AA, United Kingdom"). */
export function addressLine(
  address: Partial<
    Record<'addressLineOne' | 'city' | 'province' | 'zip' | 'country', string | null | undefined>
  >,
  locale?: string,
): string {
  const country = address.country ? countryName(address.country, locale) : null;
  return [address.addressLineOne, address.city, address.province, address.zip, country]
    .filter(Boolean)
    .join(', ');
}
