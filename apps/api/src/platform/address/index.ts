export type { AddressLookup, AddressPlace } from './port';
export { createEmbeddedAddressLookup } from './embedded';
