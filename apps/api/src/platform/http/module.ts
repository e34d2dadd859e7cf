import type { AppContext } from '../context';
import type { App } from './types';

/**
 * One capability of the API. Each `modules/<name>/index.ts` exports one, and app.ts registers them all under /api
 * in one loop. `register` declares the module's routes (each with its access rule) from the application context.
 */
export interface ApiModule {
  name: string;
  register(app: App, context: AppContext): void | Promise<void>;
}
