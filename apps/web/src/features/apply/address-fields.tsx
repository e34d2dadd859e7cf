import {
  ADDRESS_DEBOUNCE_MS,
  ADDRESS_TEXTS,
  CACHE_MS,
  COUNTRY_CODES,
  countryName,
  postalCodeLabel,
  regionLabel,
} from '@casting/domain';
import type { AddressSuggestion } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useDebouncedValue } from '../../lib/search/search-term';
import { TextInput } from '../../ui/text-input';
import { AddressCombobox } from './address-combobox';
import { lookupAddress } from './apply-api';
import type { AddressValue } from './apply-values';

/** Every country by its name in the reader's language, in that language's alphabetical order. */
function useCountryOptions() {
  return useMemo(() => {
    const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
    const named = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) }));
    return named.sort((a, b) => a.name.localeCompare(b.name, locale));
  }, []);
}

/** What the look-up is asked for typed text: a whole ZIP by `zip`, two characters or more by `q`, else nothing. */
function lookupQuery(text: string) {
  if (/^\d{5}$/.test(text)) return { zip: text };
  return text.length >= 2 ? { q: text, limit: 5 } : null;
}

/**
 * US place suggestions for the text typed in one field, asked once typing pauses (300 ms) and kept a day. The maps
 * provider behind the look-up (or the built-in data) answers ZIP codes, their first digits and city names.
 */
function useAddressSuggestions(text: string, inUs: boolean): AddressSuggestion[] {
  const http = useHttpClient();
  const query = lookupQuery(useDebouncedValue(text.trim(), ADDRESS_DEBOUNCE_MS));
  const lookup = useQuery({
    queryKey: ['address-lookup', query],
    queryFn: ({ signal }) => lookupAddress(http, query!, signal),
    enabled: inUs && query !== null,
    staleTime: CACHE_MS.addressAutocomplete,
    gcTime: CACHE_MS.addressAutocomplete,
    retry: false,
  });
  return inUs && query ? (lookup.data?.items ?? []) : [];
}

/**
 * An address in any country: the country first, then the postal code under the name the country gives it and the
 * rest. In the United States the ZIP code and the city are comboboxes: as the person types either, the product's
 * address look-up suggests places, and choosing one fills in the ZIP code, city, state and country.
 */
export function AddressFields({
  value,
  onChange,
  errors,
}: {
  value: AddressValue;
  onChange(value: AddressValue): void;
  errors: Partial<Record<keyof AddressValue, string>>;
}) {
  const countryField = useId();
  const countries = useCountryOptions();
  const inUs = value.country === 'US';
  const zipSuggestions = useAddressSuggestions(value.zip, inUs);
  const citySuggestions = useAddressSuggestions(value.city, inUs);
  const set = (field: keyof AddressValue, text: string) => onChange({ ...value, [field]: text });
  const choose = (item: AddressSuggestion) =>
    onChange({ ...value, zip: item.zip, city: item.city, province: item.province, country: item.country });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={countryField} className="text-sm font-medium text-ink">
          {ADDRESS_TEXTS.country}
        </label>
        <select
          id={countryField}
          name="country"
          value={value.country}
          onChange={(event) => set('country', event.target.value)}
          autoComplete="country"
          aria-invalid={errors.country ? true : undefined}
          className="min-h-11 rounded-md border border-line bg-surface px-3 text-base text-ink"
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {errors.country ? <p className="text-sm text-danger">{errors.country}</p> : null}
      </div>
      <div className="sm:col-span-2">
        <AddressCombobox
          label={postalCodeLabel(value.country)}
          value={value.zip}
          onChange={(text) => set('zip', text)}
          suggestions={zipSuggestions}
          onChoose={choose}
          inputMode={inUs ? 'numeric' : 'text'}
          autoComplete="postal-code"
          maxLength={inUs ? 5 : 20}
          error={errors.zip}
          hint={inUs ? ADDRESS_TEXTS.zipHint : undefined}
        />
      </div>
      <TextInput
        label={ADDRESS_TEXTS.addressLineOne}
        value={value.addressLineOne}
        onChange={(text) => set('addressLineOne', text)}
        autoComplete="address-line1"
      />
      <TextInput
        label={ADDRESS_TEXTS.addressLineTwo}
        value={value.addressLineTwo}
        onChange={(text) => set('addressLineTwo', text)}
        autoComplete="address-line2"
      />
      <AddressCombobox
        label={ADDRESS_TEXTS.city}
        value={value.city}
        onChange={(text) => set('city', text)}
        suggestions={citySuggestions}
        onChoose={choose}
        autoComplete="address-level2"
      />
      <TextInput
        label={regionLabel(value.country)}
        value={value.province}
        onChange={(text) => set('province', text)}
        autoComplete="address-level1"
      />
    </div>
  );
}
