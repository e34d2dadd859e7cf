import {
  ROLE_DETAIL_DESCRIPTION,
  ROLE_DETAIL_NAME,
  ROLE_SECTION_OVERVIEW,
  roleBreakdown,
  type OpportunityBreakdown,
  type Option,
  type Role,
} from '@casting/domain';
import type { roles } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/ids';
import { loadOptions, optionOf, optionsOf } from '../lookups';

export type RoleRow = typeof roles.$inferSelect;

/**
 * Opportunities as the API answers them: a `sections` list (OVERVIEW_ROLE holding the ROLE_NAME and ROLE_DESCRIPTION
 * details, the shape the product's clients read) with the breakdown fields (type, genders, ages, rate...) beside it.
 */
export async function roleViews(db: Queryable, rows: readonly RoleRow[]): Promise<Role[]> {
  const options = await loadOptions(
    db,
    rows.flatMap((row) => [
      row.roleTypeId,
      row.unionStatusId,
      ...row.genderIds,
      ...row.ethnicAppearanceIds,
      ...row.backgroundIds,
    ]),
  );
  return rows.map((row) => ({
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    description: row.description,
    sections: [
      {
        code: ROLE_SECTION_OVERVIEW,
        details: [
          { code: ROLE_DETAIL_NAME, value: row.name },
          { code: ROLE_DETAIL_DESCRIPTION, value: row.description },
        ],
      },
    ],
    roleType: optionOf(options, row.roleTypeId),
    genders: optionsOf(options, row.genderIds),
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    ethnicAppearances: optionsOf(options, row.ethnicAppearanceIds),
    unionStatus: optionOf(options, row.unionStatusId),
    rate: row.rate,
    shootStartDate: row.shootStartDate,
    shootEndDate: row.shootEndDate,
    requirements: row.requirements,
    backgrounds: optionsOf(options, row.backgroundIds),
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The public breakdown of each opportunity (choices named), in the rows' order: what apply and share pages show. */
export async function roleBreakdowns(
  db: Queryable,
  rows: readonly RoleRow[],
): Promise<OpportunityBreakdown[]> {
  return (await roleViews(db, rows)).map(roleBreakdown);
}

/** Selector option of an opportunity: the full name travels; the web app truncates it at 50 with a tooltip. */
export function roleOption(row: Pick<RoleRow, 'id' | 'name' | 'description'>): Option {
  return { value: row.id, label: row.name, description: row.description };
}
