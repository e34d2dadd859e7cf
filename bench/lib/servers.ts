import type { FreshDatabase } from './databases';
import { ADMIN } from './data';
import { apiArgs, freePort, referenceArgs, startServer, type Server } from './processes';

/**
 * The built API on a bench database: no demo data, a known first admin, room for the bench's sign-ins. Its public
 * address is the loopback one it listens on: the default (localhost) is another origin to a browser on 127.0.0.1,
 * whose cross-origin resource policy then refuses the signed file URLs (photos never load in the page).
 */
export async function startApi(database: FreshDatabase, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
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
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    port,
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
