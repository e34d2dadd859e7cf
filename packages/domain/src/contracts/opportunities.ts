import { z } from 'zod';
import { ALWAYS_CHECK } from '../validation/fields';
import { optionSchema } from './lookups';
import {
  isoDate,
  lookupId,
  lookupIds,
  PROJECT_MESSAGES,
  requiredName,
  shootDatesInOrder,
  shootDatesParams,
  text,
  timestamp,
} from './project-fields';

/** Request and response shapes of a project's opportunities (called roles in the routes and the database). */

const AGE = 'Enter an age from 0 to 120 as a whole number.';
const ageSchema = z.number({ error: AGE }).int(AGE).min(0, AGE).max(120, AGE).nullable().optional();

const roleFields = {
  name: requiredName,
  description: text(5000),
  roleTypeId: lookupId,
  genderIds: lookupIds,
  ageMin: ageSchema,
  ageMax: ageSchema,
  ethnicAppearanceIds: lookupIds,
  unionStatusId: lookupId,
  rate: text(500),
  shootStartDate: isoDate,
  shootEndDate: isoDate,
  requirements: text(5000),
  backgroundIds: lookupIds,
};

export function ageRangeInOrder(value: { ageMin?: unknown; ageMax?: unknown }): boolean {
  const { ageMin: min, ageMax: max } = value;
  return typeof min !== 'number' || typeof max !== 'number' || min <= max;
}

const ageParams = () => ({ message: PROJECT_MESSAGES.ageMaxBelowMin, path: ['ageMax'], ...ALWAYS_CHECK });

export const createRoleSchema = z
  .object(roleFields)
  .refine(shootDatesInOrder, shootDatesParams())
  .refine(ageRangeInOrder, ageParams());
export type CreateRole = z.infer<typeof createRoleSchema>;
export const updateRoleSchema = z
  .object({ ...roleFields, name: requiredName.optional() })
  .refine(shootDatesInOrder, shootDatesParams())
  .refine(ageRangeInOrder, ageParams());
export type UpdateRole = z.infer<typeof updateRoleSchema>;

export const ROLE_SECTION_OVERVIEW = 'OVERVIEW_ROLE';
export const ROLE_DETAIL_NAME = 'ROLE_NAME';
export const ROLE_DETAIL_DESCRIPTION = 'ROLE_DESCRIPTION';

export const roleSectionSchema = z.object({
  code: z.string(),
  details: z.array(z.object({ code: z.string(), value: z.string().nullable() })),
});

export const roleSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sections: z.array(roleSectionSchema),
  roleType: optionSchema.nullable(),
  genders: z.array(optionSchema),
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
  ethnicAppearances: z.array(optionSchema),
  unionStatus: optionSchema.nullable(),
  rate: z.string().nullable(),
  shootStartDate: z.string().nullable(),
  shootEndDate: z.string().nullable(),
  requirements: z.string().nullable(),
  backgrounds: z.array(optionSchema),
  position: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Role = z.infer<typeof roleSchema>;

/** One opportunity's breakdown with its choices named, as public pages show it (never lookup ids). */
export const opportunityBreakdownSchema = z.object({
  roleType: z.string().nullable(),
  genders: z.array(z.string()),
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
  ethnicAppearances: z.array(z.string()),
  union: z.string().nullable(),
  rate: z.string().nullable(),
  shootStartDate: z.string().nullable(),
  shootEndDate: z.string().nullable(),
  requirements: z.string().nullable(),
  backgrounds: z.array(z.string()),
});
export type OpportunityBreakdown = z.infer<typeof opportunityBreakdownSchema>;
export const roleListSchema = z.object({ items: z.array(roleSchema) });
/** Selector options: label is the name, description the role description, value the id. */
export const roleOptionListSchema = z.object({ items: z.array(optionSchema) });
