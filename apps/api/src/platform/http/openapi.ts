import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type AccessRule, stampAccess } from './access';

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
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const rule = input.route.config?.access;
      const schema = { ...transformed.schema } as Record<string, unknown>;
      const summary = typeof schema.description === 'string' ? `${schema.description}\n\n` : '';
      schema.description = `${summary}${describeAccess(rule)}`;
      if (rule && rule.kind !== 'public') schema.security = [{ bearerAuth: [] }];
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
