export * from './users';
export * from './identity';
export * from './outbox';
export * from './lookups';
export * from './projects';
export * from './audit';
export * from './candidates';
export * from './links';
