export { EnumsPage } from './enums-page';
export { LookupSelect } from './lookup-select';
export type { LookupSelectProps } from './lookup-select';
export { LookupMultiSelect } from './lookup-multi-select';
export type { LookupMultiSelectProps } from './lookup-multi-select';
export { LookupMultiSelectField, LookupSelectField } from './lookup-fields';
export { lookupValuesQuery } from './lookups-api';
