export type * from './port';
export { STORAGE_LIMITS } from './port';
export { createStorage } from './create-storage';
export { LocalStorage, FILES_ROUTE_PREFIX } from './local-storage';
