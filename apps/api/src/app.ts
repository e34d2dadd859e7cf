import { enterOfficeOf } from './platform/db/office-of';
import { randomUUID } from 'node:crypto';
import { registerRequestMetrics } from './platform/metrics/http';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressesModule } from './modules/addresses';
import { adminScriptsModule } from './modules/admin-scripts';
import { apiTokensModule, createApiTokenAuthenticator, isApiTokenSecret } from './modules/api-tokens';
import { auditionsModule } from './modules/auditions';
import { agenciesModule } from './modules/agencies';
import { applyModule } from './modules/apply';
import { auditModule } from './modules/audit';
import { candidatesModule } from './modules/candidates';
import { chatModule } from './modules/chat';
import { clientReviewModule, createClientLinkResolver, createPageHead } from './modules/client-review';
import { devModule } from './modules/dev';
import { emailModule } from './modules/email';
import { invitationsModule } from './modules/invitations';
import { filesModule } from './modules/files';
import { foldersModule } from './modules/folders';
import { healthModule } from './modules/health';
import { metricsModule, metricsRoutes } from './modules/metrics';
import { importModule } from './modules/import';
import { createAuthenticator, identityModule } from './modules/identity';
import { liveModule } from './modules/live';
import { mediaModule } from './modules/media';
import { selfieModule } from './modules/selfie';
import { officesModule } from './modules/offices';
import { lookupsModule } from './modules/lookups';
import { opportunitiesModule } from './modules/opportunities';
import { projectsModule } from './modules/projects';
import { retentionModule } from './modules/retention';
import { rosterModule } from './modules/roster';
import { linksModule } from './modules/links';
import { teamModule } from './modules/team';
import { usersModule } from './modules/users';
import { webhooksModule } from './modules/webhooks';
import { selfTapesModule } from './modules/self-tapes';
import { notesModule } from './modules/notes';
import { ratingsModule } from './modules/ratings';
import type { AppContext } from './platform/context';
import { jobsModule } from './modules/jobs';
import { presentationsModule } from './modules/presentations';
import { defineBackgroundJobs } from './background-jobs';
import { type AccessControlPorts, registerAccessControl } from './platform/http/access';
import { frameworkErrors, registerErrorHandling } from './platform/http/error-handler';
import { registerInputGuard } from './platform/http/input-guard';
import { registerSecurityHeaders } from './platform/http/security-headers';
import type { ApiModule } from './platform/http/module';
import { registerAuditLog } from './platform/http/audit';
import { registerIdempotency } from './platform/http/idempotency';
import { logSerializers, requestLogContext } from './platform/log';
import { registerOpenApi, registerOpenApiUi } from './platform/http/openapi';
import { createProjectActorResolver } from './platform/http/project-access';
import { CompactRequestLog } from './platform/http/request-log';
import { refuseStrayWebsocketUpgrades } from './platform/http/websocket-upgrades';
import { registerWebApp } from './platform/http/static-web';
import packageJson from '../package.json' with { type: 'json' };

export interface BuildAppOptions {
  /** Replaces access-control ports the app builds itself (authentication, project actor, client link). */
  accessPorts?: Partial<AccessControlPorts>;
}

const noAuthenticator: AccessControlPorts = {
  authenticate: async () => null,
  resolveProjectActor: async () => null,
};

/** Every capability of the API, registered under /api in this order; the development helpers stay out of production. */
export function apiModules(context: AppContext): ApiModule[] {
  return [
    healthModule,
    metricsModule,
    identityModule,
    usersModule,
    officesModule,
    projectsModule,
    opportunitiesModule,
    foldersModule,
    teamModule,
    lookupsModule,
    candidatesModule,
    agenciesModule,
    linksModule,
    applyModule,
    emailModule,
    invitationsModule,
    clientReviewModule,
    addressesModule,
    filesModule,
    mediaModule,
    selfieModule,
    chatModule,
    jobsModule,
    liveModule,
    auditModule,
    importModule,
    adminScriptsModule,
    rosterModule,
    retentionModule,
    webhooksModule,
    apiTokensModule,
    selfTapesModule,
    auditionsModule,
    notesModule,
    ratingsModule,
    presentationsModule,
    ...(context.config.isProduction ? [] : [devModule]),
  ];
}

/**
 * A bearer credential is an office's API token (its secret starts `cst_`) or a session's access token (a JWT); each
 * has its own authenticator, and neither is tried with the other's credential.
 */
function bearerAuthenticator(context: AppContext): AccessControlPorts['authenticate'] {
  const sessions = createAuthenticator(context);
  const apiTokens = createApiTokenAuthenticator(context);
  return (token, request) => (isApiTokenSecret(token) ? apiTokens(token) : sessions(token, request));
}

export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    // A child with our request serializer: the live websocket's access token must not reach the logs.
    loggerInstance: context.log.child({}, { serializers: logSerializers }),
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    logController: new CompactRequestLog(),
  }).withTypeProvider<ZodTypeProvider>();

  // Every line logged while a request is served carries its id (platform/log.ts), not only Fastify's own.
  app.addHook('onRequest', (request, _reply, done) => requestLogContext.run({ reqId: request.id }, done));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // API answers carry tokens and personal data: no browser or proxy may keep a copy unless a route says otherwise.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  registerErrorHandling(app);
  registerInputGuard(app);
  registerRequestMetrics(app);

  registerSecurityHeaders(app, {
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
  // Routes opt in through `config.rateLimit`; auth endpoints set their own limits. The key is the client's address;
  // a request whose connection closed before the limit was checked has none left to read, and counts under one
  // shared key instead of failing (its answer reaches nobody).
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.ip ?? 'closed-connection',
  });
  // Unsigned: the only cookie is the opaque refresh token, which the database checks by its digest.
  await app.register(cookie);
  // The live channel's frames are small JSON messages; a larger one closes the socket (1009).
  await app.register(websocket, { options: { maxPayload: 4096 } });
  refuseStrayWebsocketUpgrades(app);

  await registerOpenApi(app, packageJson.version);
  registerAccessControl(app, {
    ...noAuthenticator,
    authenticate: bearerAuthenticator(context),
    resolveProjectActor: createProjectActorResolver(context.database.db),
    resolveClientLink: createClientLinkResolver(context.database.db),
    enterOfficeOf: (kind, key) => enterOfficeOf(context.database.db, kind, key),
    ...options.accessPorts,
  });
  // After access control: only admitted, validated calls claim an idempotency key; audited routes record every answer.
  registerIdempotency(app, context.database.db);
  registerAuditLog(app, context.database.db);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      for (const apiModule of apiModules(context)) await apiModule.register(typed, context);
    },
    { prefix: '/api' },
  );
  // Prometheus scrapes `/metrics` by default: the metrics route answers there too, outside the /api prefix.
  await app.register(async (root) => metricsRoutes(root.withTypeProvider<ZodTypeProvider>(), context));

  // Jobs start with the app (queues installed, embedded workers running) and stop gracefully before it closes.
  defineBackgroundJobs(context);
  app.addHook('onReady', () => context.jobs.start());
  app.addHook('onClose', () => context.jobs.stop());

  await registerOpenApiUi(app);
  await registerWebApp(app, config.webDist, { pageHead: createPageHead(context) });
  return app;
}
