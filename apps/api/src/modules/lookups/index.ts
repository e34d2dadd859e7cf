import type { ApiModule } from '../../platform/http/module';
import { lookupRoutes } from './routes/lookup-routes';
import { tagRoutes } from './routes/tag-routes';

/**
 * Lookups: the value lists forms choose from (project types, regions, genders, skills...), the detail codes, the
 * user roles, and each project's tags. Other modules check and resolve lookup ids through the exports below.
 */
export const lookupsModule: ApiModule = {
  name: 'lookups',
  register(app, context) {
    lookupRoutes(app, context);
    tagRoutes(app, context);
  },
};

export {
  assertLookupRefs,
  loadOptions,
  lookupChoices,
  optionOf,
  optionsOf,
  type LookupField,
  type OptionMap,
} from './lookup-refs';
