import { z } from 'zod';
import { PROJECT_ACTORS, PROJECT_SCOPES } from '../roles';
import { ALWAYS_CHECK, folderNameSchema, nameSchema } from '../validation/fields';
import { optionSchema, pageOf } from './lookups';
import { cursorQuery, keysetPageFields } from './pagination';
import { teamMemberSchema } from './team';

/** Request and response shapes of projects, opportunities (roles) and folders. */

/** Texts of our own for rules the spec leaves unworded. */
export const PROJECT_MESSAGES = {
  invalidDate: 'Use a date in the form YYYY-MM-DD.',
  shootEndBeforeStart: 'The shoot end date must be on or after the shoot start date.',
  ageMaxBelowMin: 'The maximum age must be at least the minimum age.',
  chooseFromList: 'Choose a value from the list.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  versionConflict: 'This project was changed by someone else. Reload it and try again.',
  systemFolderLocked: 'System folders cannot be renamed or deleted.',
} as const;

const text = (max: number) => z.string().trim().max(max, PROJECT_MESSAGES.tooLong(max)).nullable().optional();
const isoDate = z.iso.date({ error: PROJECT_MESSAGES.invalidDate }).nullable().optional();
const lookupId = z.uuid({ error: PROJECT_MESSAGES.chooseFromList }).nullable().optional();
const lookupIds = z
  .array(z.uuid({ error: PROJECT_MESSAGES.chooseFromList }))
  .max(50)
  .optional();
const requiredName = nameSchema.max(200, PROJECT_MESSAGES.tooLong(200));

/** ISO dates compare correctly as text. */
export function shootDatesInOrder(value: { shootStartDate?: unknown; shootEndDate?: unknown }): boolean {
  const { shootStartDate: start, shootEndDate: end } = value;
  return typeof start !== 'string' || typeof end !== 'string' || end >= start;
}

const shootDatesParams = () => ({
  message: PROJECT_MESSAGES.shootEndBeforeStart,
  path: ['shootEndDate'],
  ...ALWAYS_CHECK,
});

export const projectSettingsSchema = z.object({ applicantOnlyInOneFolder: z.boolean() });

const projectFields = {
  name: requiredName,
  projectTypeId: lookupId,
  unionStatusId: lookupId,
  projectStatusId: lookupId,
  description: text(5000),
  productionCompany: text(200),
  submissionDeadline: isoDate,
  auditionDate: isoDate,
  callbackDate: isoDate,
  shootStartDate: isoDate,
  shootEndDate: isoDate,
  location: text(300),
  regionIds: lookupIds,
  rateNotes: text(2000),
  lookingFor: text(2000),
  lookingForIds: lookupIds,
  geographicIds: lookupIds,
  collectRepresentativeInfo: z.boolean().optional(),
  settings: projectSettingsSchema.optional(),
};

export const createProjectSchema = z.object(projectFields).refine(shootDatesInOrder, shootDatesParams());
export type CreateProject = z.infer<typeof createProjectSchema>;

/** A partial update; `version`, when sent, must match the stored one (a stale form is refused). */
export const updateProjectSchema = z
  .object({
    ...projectFields,
    name: requiredName.optional(),
    version: z.number().int().positive().optional(),
  })
  .refine(shootDatesInOrder, shootDatesParams());
export type UpdateProject = z.infer<typeof updateProjectSchema>;

const personSchema = z.object({ id: z.string(), fullName: z.string() });
const timestamp = z.iso.datetime({ offset: true });

/** GET /v2/projects/{id}: the project with the caller's scope and actor. */
export const projectDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  isWeb: z.boolean(),
  /** The caller's team scope; null for a super admin who is not on the team. */
  projectAccessScope: z.enum(PROJECT_SCOPES).nullable(),
  projectActor: z.enum(PROJECT_ACTORS),
  collectRepresentativeInfo: z.boolean(),
  settings: projectSettingsSchema,
  projectType: optionSchema.nullable(),
  unionStatus: optionSchema.nullable(),
  projectStatus: optionSchema.nullable(),
  description: z.string().nullable(),
  productionCompany: z.string().nullable(),
  submissionDeadline: z.string().nullable(),
  auditionDate: z.string().nullable(),
  callbackDate: z.string().nullable(),
  shootStartDate: z.string().nullable(),
  shootEndDate: z.string().nullable(),
  location: z.string().nullable(),
  regions: z.array(optionSchema),
  rateNotes: z.string().nullable(),
  lookingFor: z.string().nullable(),
  lookingForTypes: z.array(optionSchema),
  geographic: z.array(optionSchema),
  archived: z.boolean(),
  archivedAt: timestamp.nullable(),
  owner: personSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** Search terms shorter than this are ignored: a trigram index cannot use them. */
export const PROJECT_SEARCH_MIN_CHARS = 3;
export const ARCHIVED_FILTERS = ['false', 'true', 'all'] as const;

const limitOffset = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
};

export const projectListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  /** false: active projects (default); true: archived ones; all: both. */
  archived: z.enum(ARCHIVED_FILTERS).default('false'),
  ...limitOffset,
  ...cursorQuery,
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const projectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  archived: z.boolean(),
  archivedAt: timestamp.nullable(),
  projectType: optionSchema.nullable(),
  projectStatus: optionSchema.nullable(),
  submissionDeadline: z.string().nullable(),
  projectAccessScope: z.enum(PROJECT_SCOPES).nullable(),
  opportunityCount: z.number().int().min(0),
  /** Submissions across the project's opportunities, counted to LIST_TOTAL_CAP (then `submissionCountCapped`). */
  submissionCount: z.number().int().min(0),
  submissionCountCapped: z.boolean(),
  owner: personSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;
export const projectListSchema = pageOf(projectSummarySchema).extend(keysetPageFields);
export type ProjectList = z.infer<typeof projectListSchema>;

/** The project switcher: the current project first, then the others by last change. */
export const accessedProjectsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  currentProjectId: z.string().max(64).optional(),
  ...limitOffset,
});
export type AccessedProjectsQuery = z.infer<typeof accessedProjectsQuerySchema>;
export const accessedProjectSchema = z.object({ id: z.string(), name: z.string(), archived: z.boolean() });
export const accessedProjectsSchema = pageOf(accessedProjectSchema).extend({
  totalCapped: keysetPageFields.totalCapped,
});
export type AccessedProjects = z.infer<typeof accessedProjectsSchema>;

export const archiveQuerySchema = z.object({ archived: z.stringbool() });
export const archiveResultSchema = z.object({
  id: z.string(),
  archived: z.boolean(),
  archivedAt: timestamp.nullable(),
});

// Opportunities (roles)

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
export const roleListSchema = z.object({ items: z.array(roleSchema) });
/** Selector options: label is the name, description the role description, value the id. */
export const roleOptionListSchema = z.object({ items: z.array(optionSchema) });

// Folders

export const folderSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  roleId: z.string(),
  name: z.string(),
  systemAlias: z.string().nullable(),
  isSystem: z.boolean(),
  position: z.number().int(),
});
export type Folder = z.infer<typeof folderSchema>;

export const folderListQuerySchema = z.object({
  roleId: z.string().max(64).optional(),
  /** With a client link (portal mode) the viewer sees only the folders the link was made from. */
  clientLink: z.string().max(200).optional(),
  submitterFolders: z.stringbool().default(false),
});
export type FolderListQuery = z.infer<typeof folderListQuerySchema>;
export const folderListSchema = z.object({
  items: z.array(folderSchema),
  folderFeedbackEnabled: z.boolean(),
});
export type FolderList = z.infer<typeof folderListSchema>;

const folderName = folderNameSchema.max(100, PROJECT_MESSAGES.tooLong(100));
export const createFolderSchema = z.object({
  projectId: z.string().min(1),
  roleId: z.string().min(1),
  name: folderName,
});
export type CreateFolder = z.infer<typeof createFolderSchema>;
export const renameFolderSchema = z.object({ name: folderName });

// Overview

export const overviewOpportunitySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  roleType: optionSchema.nullable(),
  folderCount: z.number().int().min(0),
  candidateCount: z.number().int().min(0),
});
export const projectOverviewSchema = z.object({
  project: projectDetailSchema,
  opportunities: z.array(overviewOpportunitySchema),
  team: z.array(teamMemberSchema),
  counts: z.object({
    opportunities: z.number().int().min(0),
    teamMembers: z.number().int().min(0),
    candidates: z.number().int().min(0),
  }),
});
export type ProjectOverview = z.infer<typeof projectOverviewSchema>;
