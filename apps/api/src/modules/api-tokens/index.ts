import type { ApiModule } from '../../platform/http/module';
import { apiTokenRoutes } from './routes';

/**
 * API tokens: the office owner makes, lists and revokes the office's tokens for the public API; the authenticator
 * turns a token's secret into the principal it acts as (decisions 0763 to 0769).
 */
export const apiTokensModule: ApiModule = {
  name: 'api-tokens',
  register(app, context) {
    apiTokenRoutes(app, context);
  },
};

export { createApiTokenAuthenticator, isApiTokenSecret } from './authenticator';
