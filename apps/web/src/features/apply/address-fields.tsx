import { ADDRESS_DEBOUNCE_MS, CACHE_MS } from '@casting/domain';
import type { AddressSuggestion } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useDebouncedValue } from '../../lib/search/search-term';
import { lookupAddress } from './apply-api';
import { TextInput } from '../../ui/text-input';

export interface AddressValue {
  addressLineOne: string;
  addressLineTwo: string;
  city: string;
  province: string;
  zip: string;
  country: string;
}

export const EMPTY_ADDRESS: AddressValue = {
  addressLineOne: '',
  addressLineTwo: '',
  city: '',
  province: '',
  zip: '',
  country: 'US',
};

/**
 * Address with US suggestions: once five ZIP digits are typed (and typing has paused 300 ms) the product's
 * address look-up offers the matching city and state; a suggestion fills them in. Answers are kept a day.
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
  const zip = useDebouncedValue(value.zip.trim(), ADDRESS_DEBOUNCE_MS);
  const lookup = useQuery({
    queryKey: ['address-lookup', zip],
    queryFn: ({ signal }) => lookupAddress(http, zip, signal),
    enabled: /^\d{5}$/.test(zip),
    staleTime: CACHE_MS.addressAutocomplete,
    gcTime: CACHE_MS.addressAutocomplete,
    retry: false,
  });
  const set = (field: keyof AddressValue, text: string) => onChange({ ...value, [field]: text });
  const suggestions = (lookup.data?.items ?? []).filter(
    (item) => !(item.city === value.city && item.province === value.province),
  );
  const choose = (item: AddressSuggestion) =>
    onChange({ ...value, zip: item.zip, city: item.city, province: item.province, country: item.country });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextInput
          label="ZIP code"
          value={value.zip}
          onChange={(text) => set('zip', text)}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={errors.zip}
          hint="Five digits; we suggest the city and state."
        />
        {suggestions.length > 0 ? (
          <ul aria-label="Address suggestions" className="mt-2 flex flex-wrap gap-2">
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
        label="Address line 1"
        value={value.addressLineOne}
        onChange={(text) => set('addressLineOne', text)}
        autoComplete="address-line1"
      />
      <TextInput
        label="Address line 2"
        value={value.addressLineTwo}
        onChange={(text) => set('addressLineTwo', text)}
        autoComplete="address-line2"
      />
      <TextInput
        label="City"
        value={value.city}
        onChange={(text) => set('city', text)}
        autoComplete="address-level2"
      />
      <TextInput
        label="State"
        value={value.province}
        onChange={(text) => set('province', text)}
        autoComplete="address-level1"
      />
    </div>
  );
}
