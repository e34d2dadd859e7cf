import { asc, inArray } from 'drizzle-orm';
import { LOOKUP_TITLES, MESSAGES, type LookupName, type Option } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { lookupValues } from '../../platform/db/schema';
import { fieldErrors } from '../../platform/errors';

/** One request field that names lookup values, and the lookup its ids must come from. */
export interface LookupField {
  field: string;
  lookup: LookupName;
  value: string | readonly string[] | null | undefined;
}

function idsOf(value: LookupField['value']): string[] {
  if (value == null) return [];
  return typeof value === 'string' ? [value] : [...value];
}

/**
 * Checks in one query that every id belongs to its field's lookup; a wrong or unknown id is a field error, reported
 * in the same shape as schema validation so the form can show it beside the field.
 */
export async function assertLookupRefs(db: Queryable, fields: readonly LookupField[]): Promise<void> {
  const all = [...new Set(fields.flatMap((field) => idsOf(field.value)))];
  if (all.length === 0) return;
  const rows = await db
    .select({ id: lookupValues.id, lookup: lookupValues.lookup })
    .from(lookupValues)
    .where(inArray(lookupValues.id, all));
  const lookupOf = new Map(rows.map((row) => [row.id, row.lookup]));
  const issues: { path: string; message: string }[] = [];
  for (const field of fields) {
    const arrayField = Array.isArray(field.value);
    idsOf(field.value).forEach((id, index) => {
      if (lookupOf.get(id) === field.lookup) return;
      issues.push({
        path: arrayField ? `body.${field.field}.${index}` : `body.${field.field}`,
        message: MESSAGES.chooseFromLookup(LOOKUP_TITLES[field.lookup]),
      });
    });
  }
  if (issues.length === 0) return;
  throw fieldErrors(issues);
}

export type OptionMap = ReadonlyMap<string, Option>;

/** The most values a form is offered per lookup: lookups are short lists kept by super admins. */
const FORM_OPTIONS_CAP = 500;

/**
 * Every value of the given lookups, in their managed order (position, then name), in one index-backed query
 * (lookup_values_lookup_position_idx): the choices a form offers.
 */
export async function lookupChoices<L extends LookupName>(
  db: Queryable,
  lookups: readonly L[],
): Promise<Record<L, Option[]>> {
  const result = Object.fromEntries(lookups.map((lookup) => [lookup, [] as Option[]])) as Record<L, Option[]>;
  if (lookups.length === 0) return result;
  const rows = await db
    .select({
      id: lookupValues.id,
      lookup: lookupValues.lookup,
      name: lookupValues.name,
      description: lookupValues.description,
    })
    .from(lookupValues)
    .where(inArray(lookupValues.lookup, [...lookups]))
    .orderBy(
      asc(lookupValues.lookup),
      asc(lookupValues.position),
      asc(lookupValues.name),
      asc(lookupValues.id),
    )
    .limit(FORM_OPTIONS_CAP * lookups.length);
  for (const row of rows) {
    const list = result[row.lookup as L];
    if (list && list.length < FORM_OPTIONS_CAP) {
      list.push({ value: row.id, label: row.name, description: row.description });
    }
  }
  return result;
}

/** The {value, label, description} of each id, in one query. */
export async function loadOptions(
  db: Queryable,
  ids: readonly (string | null | undefined)[],
): Promise<OptionMap> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: lookupValues.id, name: lookupValues.name, description: lookupValues.description })
    .from(lookupValues)
    .where(inArray(lookupValues.id, wanted));
  return new Map(
    rows.map((row) => [row.id, { value: row.id, label: row.name, description: row.description }]),
  );
}

export function optionOf(options: OptionMap, id: string | null | undefined): Option | null {
  return id ? (options.get(id) ?? null) : null;
}

/** Values removed from a lookup since they were chosen drop out rather than showing a dangling id. */
export function optionsOf(options: OptionMap, ids: readonly string[]): Option[] {
  return ids.flatMap((id) => {
    const option = options.get(id);
    return option ? [option] : [];
  });
}
