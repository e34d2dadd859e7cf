import { z } from 'zod';
import { LOOKUP_LIMIT, LOOKUP_OFFSET } from '../constants';
import { USER_ROLE_CODES } from '../roles';
import { nameSchema } from '../validation/fields';

/** The lookups, by the name the API spells in its paths; their values live in one table. */
export const LOOKUP_NAMES = [
  'project-types',
  'union',
  'project-status',
  'regions',
  'role-types',
  'role-genders',
  'ethnic-appearances',
  'role-background',
  'project-lookingfor',
  'geographic',
  'ethnicities',
  'skills',
  'appearances',
] as const;
export type LookupName = (typeof LOOKUP_NAMES)[number];

/**
 * Lookups that also take `POST {name}` (and a rename) under their own /projects/lookups path; a super admin adds to
 * any lookup through /lookup-management/enums.
 */
export const EDITABLE_PROJECT_LOOKUPS = [
  'geographic',
  'project-lookingfor',
  'project-types',
  'role-background',
  'ethnic-appearances',
  'role-genders',
] as const satisfies readonly LookupName[];

/** Lookups answered under /projects/lookups/{name}. */
export const PROJECT_LOOKUPS = [
  'role-genders',
  'project-types',
  'union',
  'project-status',
  'ethnic-appearances',
  'role-types',
  'regions',
  'role-background',
  'project-lookingfor',
  'geographic',
] as const satisfies readonly LookupName[];

/** How the /enums screen titles each lookup. */
export const LOOKUP_TITLES: Record<LookupName, string> = {
  'project-types': 'Project types',
  union: 'Union status',
  'project-status': 'Project status',
  regions: 'Regions',
  'role-types': 'Role types',
  'role-genders': 'Role genders',
  'ethnic-appearances': 'Ethnic appearances',
  'role-background': 'Role background',
  'project-lookingfor': 'Looking for',
  geographic: 'Geographic',
  ethnicities: 'Ethnicities',
  skills: 'Skills',
  appearances: 'Appearances',
};

export const LOOKUP_NAME_TAKEN = 'A value with this name already exists.';
export const LOOKUP_NAME_MAX = 100;

/** The option shape selectors use: value is the id, label the name. */
export const optionSchema = z.object({
  value: z.string(),
  label: z.string(),
  description: z.string().nullable(),
});
export type Option = z.infer<typeof optionSchema>;

/** Lookup pages default to 100 values from offset 0, and a page holds at most 100. */
export const lookupQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(LOOKUP_LIMIT).default(LOOKUP_LIMIT),
  offset: z.coerce.number().int().min(0).default(LOOKUP_OFFSET),
});
export type LookupQuery = z.infer<typeof lookupQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    limit: z.number().int(),
    offset: z.number().int(),
  });
}

export const lookupPageSchema = pageOf(optionSchema);
export type LookupPage = z.infer<typeof lookupPageSchema>;

export const lookupValueInputSchema = z.object({ name: nameSchema.max(LOOKUP_NAME_MAX) });
export type LookupValueInput = z.infer<typeof lookupValueInputSchema>;

/** A row of the /enums screen: one lookup and how many values it has. */
export const lookupSummarySchema = z.object({
  lookup: z.enum(LOOKUP_NAMES),
  title: z.string(),
  valueCount: z.number().int().min(0),
});
export const lookupListSchema = z.object({ items: z.array(lookupSummarySchema) });
export type LookupSummary = z.infer<typeof lookupSummarySchema>;

/** /users/lookups/roles: the ranked user roles; value is the role id (SUPER_ADMIN 1 to TALENT 5). */
export const userRoleOptionSchema = z.object({
  value: z.number().int(),
  code: z.enum(USER_ROLE_CODES),
  label: z.string(),
});
export const userRoleListSchema = z.object({ items: z.array(userRoleOptionSchema) });

/** Field codes of the section/detail shape; /projects/lookups/details and /role-details list them. */
export const detailDefinitionSchema = z.object({
  section: z.string(),
  code: z.string(),
  label: z.string(),
});
export const detailListSchema = z.object({ items: z.array(detailDefinitionSchema) });
export type DetailDefinition = z.infer<typeof detailDefinitionSchema>;

export const PROJECT_DETAILS: readonly DetailDefinition[] = [
  { section: 'OVERVIEW_PROJECT', code: 'PROJECT_NAME', label: 'Project name' },
  { section: 'OVERVIEW_PROJECT', code: 'PROJECT_TYPE', label: 'Project type' },
  { section: 'OVERVIEW_PROJECT', code: 'UNION_STATUS', label: 'Union status' },
  { section: 'OVERVIEW_PROJECT', code: 'PROJECT_STATUS', label: 'Project status' },
  { section: 'OVERVIEW_PROJECT', code: 'PROJECT_DESCRIPTION', label: 'Description' },
  { section: 'OVERVIEW_PROJECT', code: 'PRODUCTION_COMPANY', label: 'Production company' },
  { section: 'KEY_DATES', code: 'SUBMISSION_DEADLINE', label: 'Submission deadline' },
  { section: 'KEY_DATES', code: 'AUDITION_DATE', label: 'Audition date' },
  { section: 'KEY_DATES', code: 'CALLBACK_DATE', label: 'Callback date' },
  { section: 'KEY_DATES', code: 'SHOOT_DATES', label: 'Shoot dates' },
  { section: 'LOCATION', code: 'LOCATION', label: 'Location' },
  { section: 'LOCATION', code: 'REGIONS', label: 'Regions' },
  { section: 'LOCATION', code: 'GEOGRAPHIC', label: 'Geographic' },
  { section: 'COMPENSATION', code: 'RATE_NOTES', label: 'Rate or pay notes' },
  { section: 'LOOKING_FOR', code: 'LOOKING_FOR', label: 'Looking for' },
];

export const ROLE_DETAILS: readonly DetailDefinition[] = [
  { section: 'OVERVIEW_ROLE', code: 'ROLE_NAME', label: 'Opportunity name' },
  { section: 'OVERVIEW_ROLE', code: 'ROLE_DESCRIPTION', label: 'Description' },
  { section: 'BREAKDOWN', code: 'ROLE_TYPE', label: 'Role type' },
  { section: 'BREAKDOWN', code: 'ROLE_GENDER', label: 'Gender' },
  { section: 'BREAKDOWN', code: 'ROLE_AGE_RANGE', label: 'Age range' },
  { section: 'BREAKDOWN', code: 'ROLE_ETHNIC_APPEARANCE', label: 'Ethnic appearance' },
  { section: 'BREAKDOWN', code: 'ROLE_UNION', label: 'Union' },
  { section: 'BREAKDOWN', code: 'ROLE_RATE', label: 'Rate' },
  { section: 'BREAKDOWN', code: 'ROLE_SHOOT_DATES', label: 'Shoot dates' },
  { section: 'BREAKDOWN', code: 'ROLE_BACKGROUND', label: 'Background' },
  { section: 'BREAKDOWN', code: 'ROLE_REQUIREMENTS', label: 'Requirements' },
];

/** Tags of one project (tags-lookup); names are unique per project regardless of case. */
export const tagQuerySchema = lookupQuerySchema.extend({ projectId: z.string().min(1) });
export type TagQuery = z.infer<typeof tagQuerySchema>;
export const tagNamesSchema = z.object({ items: z.array(z.string()) });
export const createTagSchema = z.object({
  projectId: z.string().min(1),
  name: nameSchema.max(LOOKUP_NAME_MAX),
});
export type CreateTag = z.infer<typeof createTagSchema>;
export const TAG_NAME_TAKEN = 'A tag with this name already exists in this project.';
