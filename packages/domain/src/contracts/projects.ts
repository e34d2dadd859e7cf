import { z } from 'zod';
import { PROJECT_ACTORS, PROJECT_SCOPES } from '../roles';
import { optionSchema, pageOf } from './lookups';
import { cursorQuery, keysetPageFields } from './pagination';
import {
  isoDate,
  lookupId,
  lookupIds,
  requiredName,
  shootDatesInOrder,
  shootDatesParams,
  text,
  timestamp,
} from './project-fields';
import { teamMemberSchema } from './team';

/** Request and response shapes of projects: create, update, detail, lists, archive and the overview. */

export { PROJECT_MESSAGES, shootDatesInOrder } from './project-fields';

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
