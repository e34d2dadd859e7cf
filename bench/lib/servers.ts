import type { FreshDatabase } from './databases';
import { ADMIN } from './data';
import { apiArgs, freePort, referenceArgs, startServer, type Server } from './processes';

/** The built API on a bench database: no demo data, a known first admin, room for the bench's sign-ins. */
export async function startApi(database: FreshDatabase, env: Record<string, string> = {}): Promise<Server> {
  return startServer({
    name: `API on ${database.engine}`,
    args: apiArgs(),
    env: {
      ...database.env,
      DEMO_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      AUTH_RATE_LIMIT_MAX: '1000',
      ...env,
    },
    port: await freePort(),
    healthPath: '/api/health',
  });
}

export async function startHello(): Promise<Server> {
  return startServer({
    name: 'bare Fastify hello world',
    args: referenceArgs('reference-hello.ts'),
    env: {},
    port: await freePort(),
    healthPath: '/',
  });
}

export async function startHandWrittenSql(database: FreshDatabase): Promise<Server> {
  return startServer({
    name: `bare Fastify with hand-written SQL on ${database.engine}`,
    args: referenceArgs('reference-sql.ts'),
    env: database.env,
    port: await freePort(),
    healthPath: '/',
  });
}

/** A bare Fastify reference server from bench/ on a bench database, with extra environment (the SQL to run). */
export async function freeReferenceServer(
  database: FreshDatabase,
  file: string,
  env: Record<string, string>,
): Promise<Server> {
  return startServer({
    name: `bare Fastify ${file} on ${database.engine}`,
    args: referenceArgs(file),
    env: { ...database.env, ...env },
    port: await freePort(),
    healthPath: '/',
  });
}
