import { afterAll } from 'vitest';
import { closeLeftoverApps } from './app';

// Runs with every test file (the config's setupFiles). Registered before the file's own hooks, so under vitest's
// stacked hook order it runs after the file's own afterAll: it only closes what the file failed to close.
afterAll(closeLeftoverApps);
