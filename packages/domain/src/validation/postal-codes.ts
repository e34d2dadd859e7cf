import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { countryName } from '../countries';
import { ZIP_LENGTH } from '../constants';
import { MESSAGES } from '../messages';

/** Where a country has no postal code format on record, a code is letters, digits, spaces and dashes. */
const ANY_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{0,10}[A-Z0-9]$|^[A-Z0-9]$/;

/** A postal code as addresses store it: trimmed, upper case, runs of spaces made one. */
export function normalisePostalCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, ' ');
}

/**
 * Why a postal code does not fit its country, or null when it does. The United States keeps its five-digit ZIP code
 * (the address look-up suggests places from it); other countries follow the formats of `postcode-validator`, a
 * maintained table of every country's postal code pattern. The code is checked as normalised.
 */
export function postalCodeIssue(country: string, code: string): string | null {
  const normalised = normalisePostalCode(code);
  if (country === 'US') {
    return new RegExp(`^\\d{${ZIP_LENGTH}}$`).test(normalised) ? null : MESSAGES.zipLength;
  }
  const fits = postcodeValidatorExistsForCountry(country)
    ? postcodeValidator(normalised, country)
    : ANY_POSTAL_CODE.test(normalised);
  return fits ? null : MESSAGES.postalCodeFormat(countryName(country, 'en'));
}
