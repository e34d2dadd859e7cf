import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_TOKEN_PREFIX, API_TOKEN_SCOPE_DESCRIPTIONS, API_TOKEN_SCOPES } from '@casting/domain';
import { type AccessRule, stampAccess } from './access';

/** The security scheme of the office's API tokens; an operation that takes one lists the scope it needs there. */
export const API_TOKEN_SCHEME = 'apiToken';

const API_TOKEN_SCHEME_DESCRIPTION = [
  `An office's API token (\`Authorization: Bearer ${API_TOKEN_PREFIX}...\`), made by the office's owner. An operation`,
  'that accepts tokens lists the one scope it needs under this scheme; any other operation refuses tokens (403',
  'API_TOKEN_SCOPE_MISSING). Scopes:',
  ...API_TOKEN_SCOPES.map((scope) => `- \`${scope}\`: ${API_TOKEN_SCOPE_DESCRIPTIONS[scope]}`),
].join('\n');

function describeAccess(rule: AccessRule | undefined): string {
  if (!rule || rule.kind === 'public') return 'Access: public.';
  if (rule.kind === 'account') return `Access: signed in as ${rule.roles.join(' or ')}.`;
  return `Access: project permission ${rule.permission}.`;
}

/** OpenAPI 3.1 generated from the zod route schemas, with each route's access rule and bearer security. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Casting platform API',
        version,
        description:
          'Every error answers {code, message, details?}. Validation failures are 400 VALIDATION_FAILED.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          [API_TOKEN_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_TOKEN_PREFIX}...`,
            description: API_TOKEN_SCHEME_DESCRIPTION,
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const rule = input.route.config?.access;
      const schema = { ...transformed.schema } as Record<string, unknown>;
      const summary = typeof schema.description === 'string' ? `${schema.description}\n\n` : '';
      schema.description = `${summary}${describeAccess(rule)}`;
      // OpenAPI 3.1 lets a non-OAuth scheme list the roles it needs: a token operation names its one scope there.
      const tokenScope = input.route.config?.tokenScope;
      if (rule && rule.kind !== 'public') {
        schema.security = [{ bearerAuth: [] }, ...(tokenScope ? [{ [API_TOKEN_SCHEME]: [tokenScope] }] : [])];
      }
      return { ...transformed, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

export async function registerOpenApiUi(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    stampAccess(scope, { kind: 'public' });
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
