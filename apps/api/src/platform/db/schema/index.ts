export * from './users';
export * from './outbox';
export * from './lookups';
export * from './projects';
