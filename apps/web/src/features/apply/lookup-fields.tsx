import { PUBLIC_TEXTS } from '@casting/domain';
import type { ResolvedLink } from '@casting/domain';
import { useId } from 'react';
import type { Errors } from './apply-values';

/**
 * Gender (one, optional) and ethnic appearance (any number, optional): the values casting filters candidates by,
 * offered from the link's resolve answer since the lookup calls are for signed-in staff (decision 0134). A
 * lookup the product has no values for is left out rather than shown empty.
 */
export function LookupFields({
  lookups,
  genderId,
  ethnicAppearanceIds,
  onGender,
  onEthnicAppearances,
  errors,
}: {
  lookups: ResolvedLink['lookups'];
  genderId: string;
  ethnicAppearanceIds: string[];
  onGender(genderId: string): void;
  onEthnicAppearances(ids: string[]): void;
  errors: Errors;
}) {
  const genderField = useId();
  if (!lookups) return null;
  const toggle = (id: string, on: boolean) =>
    onEthnicAppearances(
      on ? [...ethnicAppearanceIds, id] : ethnicAppearanceIds.filter((value) => value !== id),
    );
  return (
    <>
      {lookups.genders.length > 0 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={genderField} className="text-sm font-medium text-ink">
            Gender <span className="font-normal text-ink-muted">(optional)</span>
          </label>
          <select
            id={genderField}
            name="genderId"
            value={genderId}
            onChange={(event) => onGender(event.target.value)}
            aria-invalid={errors.genderId ? true : undefined}
            className="min-h-11 rounded-md border border-line bg-surface px-3 text-base text-ink"
          >
            <option value="">Prefer not to say</option>
            {lookups.genders.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {errors.genderId ? <p className="text-sm text-danger">{errors.genderId}</p> : null}
        </div>
      ) : null}
      {lookups.ethnicAppearances.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-ink">
            {PUBLIC_TEXTS.ethnicAppearance}{' '}
            <span className="font-normal text-ink-muted">(optional, choose any)</span>
          </legend>
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            {lookups.ethnicAppearances.map((option) => (
              <label key={option.value} className="flex min-h-11 items-center gap-2 text-base text-ink">
                <input
                  type="checkbox"
                  name="ethnicAppearanceIds"
                  value={option.value}
                  className="size-5 accent-brand-700"
                  checked={ethnicAppearanceIds.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                {option.label}
              </label>
            ))}
          </div>
          {errors.ethnicAppearanceIds ? (
            <p className="text-sm text-danger">{errors.ethnicAppearanceIds}</p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
