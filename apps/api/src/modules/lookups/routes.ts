import type { Db } from '../../platform/db/client';
import type { App } from '../../platform/http/types';
import { lookupRoutes } from './lookup-routes';
import { tagRoutes } from './tag-routes';

/** Every lookup of spec section 7 and the per-project tags lookup, mounted under /api. */
export function lookupsRoutes(app: App, db: Db) {
  lookupRoutes(app, db);
  tagRoutes(app, db);
}
