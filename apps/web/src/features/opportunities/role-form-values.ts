import type { CreateRole, Role } from '@casting/domain';

/** What the opportunity form holds: text as typed (ages too), lookup ids. */
export interface RoleFormValues {
  name: string;
  description: string;
  roleTypeId: string | null;
  genderIds: string[];
  ageMin: string;
  ageMax: string;
  ethnicAppearanceIds: string[];
  unionStatusId: string | null;
  rate: string;
  shootStartDate: string;
  shootEndDate: string;
  requirements: string;
  backgroundIds: string[];
}

export const ROLE_FORM_FIELDS: readonly (keyof RoleFormValues)[] = [
  'name',
  'description',
  'roleTypeId',
  'genderIds',
  'ageMin',
  'ageMax',
  'ethnicAppearanceIds',
  'unionStatusId',
  'rate',
  'shootStartDate',
  'shootEndDate',
  'requirements',
  'backgroundIds',
];

export const EMPTY_ROLE_FORM: RoleFormValues = {
  name: '',
  description: '',
  roleTypeId: null,
  genderIds: [],
  ageMin: '',
  ageMax: '',
  ethnicAppearanceIds: [],
  unionStatusId: null,
  rate: '',
  shootStartDate: '',
  shootEndDate: '',
  requirements: '',
  backgroundIds: [],
};

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** A typed age becomes a number; anything that is not one is left for the schema to refuse. */
function age(value: string): number | null {
  return value.trim() === '' ? null : Number(value.trim());
}

export function toRolePayload(values: RoleFormValues): CreateRole {
  return {
    name: values.name,
    description: orNull(values.description),
    roleTypeId: values.roleTypeId,
    genderIds: values.genderIds,
    ageMin: age(values.ageMin),
    ageMax: age(values.ageMax),
    ethnicAppearanceIds: values.ethnicAppearanceIds,
    unionStatusId: values.unionStatusId,
    rate: orNull(values.rate),
    shootStartDate: orNull(values.shootStartDate),
    shootEndDate: orNull(values.shootEndDate),
    requirements: orNull(values.requirements),
    backgroundIds: values.backgroundIds,
  };
}

export function roleFormValues(role: Role): RoleFormValues {
  return {
    name: role.name,
    description: role.description ?? '',
    roleTypeId: role.roleType?.value ?? null,
    genderIds: role.genders.map((option) => option.value),
    ageMin: role.ageMin === null ? '' : String(role.ageMin),
    ageMax: role.ageMax === null ? '' : String(role.ageMax),
    ethnicAppearanceIds: role.ethnicAppearances.map((option) => option.value),
    unionStatusId: role.unionStatus?.value ?? null,
    rate: role.rate ?? '',
    shootStartDate: role.shootStartDate ?? '',
    shootEndDate: role.shootEndDate ?? '',
    requirements: role.requirements ?? '',
    backgroundIds: role.backgrounds.map((option) => option.value),
  };
}
