import { DEFAULT_OFFICE_DEADLINE_RULE, type OfficeDeadlineRule } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { selfTapeOfficeRules } from '../../platform/db/schema';

/** The office's own notice rule (read in the office the request works in), or the default until it sets one. */
export async function officeDeadlineRule(db: Queryable): Promise<OfficeDeadlineRule> {
  const [row] = await db
    .select({
      minHours: selfTapeOfficeRules.minHours,
      perPageHours: selfTapeOfficeRules.perPageHours,
      minorMinHours: selfTapeOfficeRules.minorMinHours,
    })
    .from(selfTapeOfficeRules)
    .limit(1);
  return row ?? DEFAULT_OFFICE_DEADLINE_RULE;
}
