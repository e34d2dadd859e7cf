import { demoSeedFits, provideDemoOffice } from './bootstrap/demo-office';
import { firstOfficeId } from './bootstrap/first-office';
import { ConfigError, loadConfig } from './config';
import { createContext, openConfiguredDatabase } from './platform/context';
import { createLogger } from './platform/log';
import { DataDirectoryLockedError } from './platform/db/data-dir-lock';
import { PgliteProcess } from './platform/db/pglite-process';
import { runAsOwner } from './platform/db/scope';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  // The database opens first (on PGlite its own process boots on the other core) while this one loads the app.
  // A new embedded data directory that will show the demo office starts from the build's copy of it.
  const opening = openConfiguredDatabase(config, {
    pgliteDemoSeed: config.DEMO_DATA && demoSeedFits(config.ADMIN_EMAIL),
  });
  opening.catch(() => undefined); // awaited below; a failure must not count as unhandled while the app loads
  const [{ buildApp }, { ensureFirstSuperAdmin }] = await Promise.all([
    import('./app'),
    import('./bootstrap/first-admin'),
  ]);
  const context = await createContext(config, log, { database: await opening });
  const app = await buildApp(context);
  const engine = context.database.pglite;
  if (engine instanceof PgliteProcess) {
    // Without its database the API can only fail every request: it stops, and whatever supervises it starts both
    // again (the engine's files are as its last statement left them).
    engine.onExit = (error) => {
      log.fatal({ err: error }, 'the embedded database process stopped; the API stops too');
      process.exit(1);
    };
  }

  // Start-up tasks write into the first office as the database's owner (db/scope.ts).
  const officeId = await firstOfficeId(context.database.db);
  const admin = await runAsOwner(
    () =>
      ensureFirstSuperAdmin(context.database.db, log, {
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
      }),
    officeId,
  );
  if (admin.generatedPassword) {
    // Printed once, on the run that creates the account; it is never stored in clear.
    log.warn(
      { email: admin.email, password: admin.generatedPassword },
      'first super admin created: sign in with this e-mail and password, then change the password',
    );
  }
  if (admin.created && config.DEMO_DATA) {
    await runAsOwner(() => provideDemoOffice(context.database.db, log, admin.email), officeId);
  }

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await app.close();
    await context.events.close();
    await context.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  log.info(
    {
      url: config.publicUrl,
      database: context.database.kind,
      mail: context.mailer.kind,
      storage: context.storage.kind,
      dataDir: config.dataDir,
    },
    'casting platform ready',
  );
  if (!config.isProduction && !LOOPBACK_HOSTS.has(config.HOST)) {
    // Development mode trusts the machine it runs on (demo accounts, readable outbox, generated secrets); reachable
    // from elsewhere, it would be an open door.
    log.warn(
      { host: config.HOST, nodeEnv: config.NODE_ENV },
      'DEVELOPMENT MODE IS REACHABLE FROM OTHER MACHINES: this instance listens beyond localhost without ' +
        'NODE_ENV=production. Use it only on a network you trust, or start it with NODE_ENV=production.',
    );
  }
  if (context.database.kind === 'pglite' && !LOOPBACK_HOSTS.has(config.HOST)) {
    // PGlite does not flush each commit to disk: a killed process loses nothing acknowledged, an operating-system
    // crash or a power cut can. Serving other machines from it deserves a word (README, "What the embedded database
    // promises").
    log.warn(
      { host: config.HOST, dataDir: config.dataDir },
      'EMBEDDED DATABASE SERVING OTHER MACHINES: commits survive a killed process but not a crash of the machine ' +
        'or a power cut. Keep backups, or set DATABASE_URL to use PostgreSQL.',
    );
  }
}

/** File-system failures at start, said in words an operator can act on. */
const STORAGE_ERRORS: Record<string, string> = {
  EACCES: 'cannot be written by this user (permission denied)',
  EPERM: 'cannot be written by this user (operation not permitted)',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'is on a disk with no space left',
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

main().catch((error: unknown) => {
  // A refusal the operator can act on is said plainly; anything else is a bug and keeps its stack.
  if (error instanceof DataDirectoryLockedError) {
    process.stderr.write(`Start-up failed: ${error.message}\n`);
    process.exit(1);
  }
  const storageProblem = STORAGE_ERRORS[(error as NodeJS.ErrnoException).code ?? ''];
  if (storageProblem) {
    const where = (error as NodeJS.ErrnoException).path ?? 'the data directory';
    process.stderr.write(
      `Start-up failed: ${where} ${storageProblem}. The server keeps its database, files and secrets under ` +
        `DATA_DIR (${process.env.DATA_DIR ?? './data'}): point DATA_DIR at a writable folder with free space.\n`,
    );
    process.exit(1);
  }
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
