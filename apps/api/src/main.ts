import pino from 'pino';
import { buildApp } from './app';
import { ensureFirstSuperAdmin } from './bootstrap/first-admin';
import { loadDemoData } from './bootstrap/demo-data';
import { ConfigError, loadConfig } from './config';
import { createContext } from './platform/context';

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
  const log = pino({ level: config.LOG_LEVEL });
  const context = await createContext(config, log);
  const app = await buildApp(context);

  const admin = await ensureFirstSuperAdmin(context.database.db, log, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (admin.generatedPassword) {
    // Printed once, on the run that creates the account; it is never stored in clear.
    log.warn(
      { email: admin.email, password: admin.generatedPassword },
      'first super admin created: sign in with this e-mail and password, then change the password',
    );
  }
  if (admin.created && config.DEMO_DATA) await loadDemoData(context.database.db, log, admin.email);

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
      dataDir: config.dataDir,
    },
    'casting platform ready',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
