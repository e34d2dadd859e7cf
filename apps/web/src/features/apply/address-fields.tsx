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

/**
 * An address in any country: the country first, then the postal code under the name the country gives it and the
 * rest. In the United States, once five ZIP digits are typed (and typing has paused 300 ms) the product's address
 * look-up offers the matching city and state; a suggestion fills them in. Answers are kept a day.
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
  const http = useHttpClient();
  const countryField = useId();
  const countries = useCountryOptions();
  const inUs = value.country === 'US';
  const zip = useDebouncedValue(value.zip.trim(), ADDRESS_DEBOUNCE_MS);
  const lookup = useQuery({
    queryKey: ['address-lookup', zip],
    queryFn: ({ signal }) => lookupAddress(http, zip, signal),
    enabled: inUs && /^\d{5}$/.test(zip),
    staleTime: CACHE_MS.addressAutocomplete,
    gcTime: CACHE_MS.addressAutocomplete,
    retry: false,
  });
  const set = (field: keyof AddressValue, text: string) => onChange({ ...value, [field]: text });
  const suggestions = inUs
    ? (lookup.data?.items ?? []).filter(
        (item) => !(item.city === value.city && item.province === value.province),
      )
    : [];
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
        <TextInput
          label={postalCodeLabel(value.country)}
          value={value.zip}
          onChange={(text) => set('zip', text)}
          inputMode={inUs ? 'numeric' : 'text'}
          autoComplete="postal-code"
          maxLength={inUs ? 5 : 20}
          error={errors.zip}
          hint={inUs ? ADDRESS_TEXTS.zipHint : undefined}
        />
        {suggestions.length > 0 ? (
          <ul aria-label={ADDRESS_TEXTS.suggestions} className="mt-2 flex flex-wrap gap-2">
            {suggestions.slice(0, 5).map((item) => (
              <li key={item.label}>
                <button
                  type="button"
                  onClick={() => choose(item)}
                  className="min-h-10 rounded-md border border-line bg-surface px-3 text-sm text-ink hover:bg-brand-50"
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
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
      <TextInput
        label={ADDRESS_TEXTS.city}
        value={value.city}
        onChange={(text) => set('city', text)}
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
