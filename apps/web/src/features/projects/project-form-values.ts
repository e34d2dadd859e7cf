import type { CreateProject, ProjectDetail } from '@casting/domain';

/** What the project form holds: text as typed, lookup ids, switches. */
export interface ProjectFormValues {
  name: string;
  projectTypeId: string | null;
  unionStatusId: string | null;
  projectStatusId: string | null;
  description: string;
  productionCompany: string;
  submissionDeadline: string;
  auditionDate: string;
  callbackDate: string;
  shootStartDate: string;
  shootEndDate: string;
  location: string;
  regionIds: string[];
  rateNotes: string;
  lookingFor: string;
  lookingForIds: string[];
  geographicIds: string[];
  collectRepresentativeInfo: boolean;
  applicantOnlyInOneFolder: boolean;
}

export const PROJECT_FORM_FIELDS: readonly (keyof ProjectFormValues)[] = [
  'name',
  'projectTypeId',
  'unionStatusId',
  'projectStatusId',
  'description',
  'productionCompany',
  'submissionDeadline',
  'auditionDate',
  'callbackDate',
  'shootStartDate',
  'shootEndDate',
  'location',
  'regionIds',
  'rateNotes',
  'lookingFor',
  'lookingForIds',
  'geographicIds',
  'collectRepresentativeInfo',
  'applicantOnlyInOneFolder',
];

export const EMPTY_PROJECT_FORM: ProjectFormValues = {
  name: '',
  projectTypeId: null,
  unionStatusId: null,
  projectStatusId: null,
  description: '',
  productionCompany: '',
  submissionDeadline: '',
  auditionDate: '',
  callbackDate: '',
  shootStartDate: '',
  shootEndDate: '',
  location: '',
  regionIds: [],
  rateNotes: '',
  lookingFor: '',
  lookingForIds: [],
  geographicIds: [],
  collectRepresentativeInfo: false,
  applicantOnlyInOneFolder: false,
};

/** An empty text means "no value": the API stores null rather than an empty string. */
export const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The request body for create and edit; every field is sent so a cleared field is cleared. */
export function toProjectPayload(values: ProjectFormValues): CreateProject {
  return {
    name: values.name,
    projectTypeId: values.projectTypeId,
    unionStatusId: values.unionStatusId,
    projectStatusId: values.projectStatusId,
    description: orNull(values.description),
    productionCompany: orNull(values.productionCompany),
    submissionDeadline: orNull(values.submissionDeadline),
    auditionDate: orNull(values.auditionDate),
    callbackDate: orNull(values.callbackDate),
    shootStartDate: orNull(values.shootStartDate),
    shootEndDate: orNull(values.shootEndDate),
    location: orNull(values.location),
    regionIds: values.regionIds,
    rateNotes: orNull(values.rateNotes),
    lookingFor: orNull(values.lookingFor),
    lookingForIds: values.lookingForIds,
    geographicIds: values.geographicIds,
    collectRepresentativeInfo: values.collectRepresentativeInfo,
    settings: { applicantOnlyInOneFolder: values.applicantOnlyInOneFolder },
  };
}

export function projectFormValues(project: ProjectDetail): ProjectFormValues {
  return {
    name: project.name,
    projectTypeId: project.projectType?.value ?? null,
    unionStatusId: project.unionStatus?.value ?? null,
    projectStatusId: project.projectStatus?.value ?? null,
    description: project.description ?? '',
    productionCompany: project.productionCompany ?? '',
    submissionDeadline: project.submissionDeadline ?? '',
    auditionDate: project.auditionDate ?? '',
    callbackDate: project.callbackDate ?? '',
    shootStartDate: project.shootStartDate ?? '',
    shootEndDate: project.shootEndDate ?? '',
    location: project.location ?? '',
    regionIds: project.regions.map((option) => option.value),
    rateNotes: project.rateNotes ?? '',
    lookingFor: project.lookingFor ?? '',
    lookingForIds: project.lookingForTypes.map((option) => option.value),
    geographicIds: project.geographic.map((option) => option.value),
    collectRepresentativeInfo: project.collectRepresentativeInfo,
    applicantOnlyInOneFolder: project.settings.applicantOnlyInOneFolder,
  };
}
