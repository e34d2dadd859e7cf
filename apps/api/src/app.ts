import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { devRoutes } from './modules/dev/routes';
import { healthRoutes } from './modules/health/routes';
import { lookupsRoutes } from './modules/lookups/routes';
import { createProjectActorResolver } from './modules/projects/actor-resolver';
import { projectsRoutes } from './modules/projects/routes';
import { createAuthenticator, identityRoutes } from './modules/identity';
import { usersRoutes } from './modules/users/routes';
import { type AccessControlPorts, registerAccessControl } from './platform/http/access';
import { frameworkErrors, registerErrorHandling } from './platform/http/error-handler';
import { registerOpenApi, registerOpenApiUi } from './platform/http/openapi';
import { CompactRequestLog } from './platform/http/request-log';
import { registerWebApp } from './platform/http/static-web';
import type { AppContext } from './platform/context';
import packageJson from '../package.json' with { type: 'json' };

export interface BuildAppOptions {
  /** Ports contributed by later modules; until identity exists, no bearer token is accepted. */
  accessPorts?: Partial<AccessControlPorts>;
}

const noAuthenticator: AccessControlPorts = {
  authenticate: async () => null,
  resolveProjectActor: async () => null,
};

export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    loggerInstance: context.log,
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    logController: new CompactRequestLog(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: config.isProduction,
  });
  // Routes opt in through `config.rateLimit`; auth endpoints set their own limits.
  await app.register(rateLimit, { global: false });
  // Unsigned: the only cookie is the opaque refresh token, which the database checks by its digest.
  await app.register(cookie);

  await registerOpenApi(app, packageJson.version);
  registerAccessControl(app, {
    ...noAuthenticator,
    authenticate: createAuthenticator(context),
    resolveProjectActor: createProjectActorResolver(context.database.db),
    ...options.accessPorts,
  });

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      healthRoutes(typed, context.database);
      projectsRoutes(typed, context);
      lookupsRoutes(typed, context.database.db);
      identityRoutes(typed, context);
      usersRoutes(typed, context);
      if (!config.isProduction) devRoutes(typed, context.database.db);
    },
    { prefix: '/api' },
  );

  await registerOpenApiUi(app);
  await registerWebApp(app, config.webDist);
  return app;
}
