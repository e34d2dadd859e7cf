import path from 'node:path';
import { parseArgs } from 'node:util';
import { USER_ROLE_CODES, type UserRoleCode } from '@casting/domain';
import { ConfigError, loadConfig } from '../config';
import { createAccount } from '../modules/users';
import { generatePassword } from '../platform/crypto/secrets';
import { eq } from 'drizzle-orm';
import { firstOfficeId, officeRoleOfAccount } from '../bootstrap/first-office';
import { openDatabase } from '../platform/db/client';
import { officeMembers, users } from '../platform/db/schema';
import { runAsOwner } from '../platform/db/scope';
import { DataDirectoryLockedError } from '../platform/db/data-dir-lock';
import { AppError } from '../platform/errors';

const USAGE = `Creates a confirmed user account from the shell.

Usage: npm run create-user -- --email <address> --first-name <name> --last-name <name>
                              [--role <code>] [--password <password>] [--otp-required]

  --role          ${USER_ROLE_CODES.join(', ')} (default CASTING_DIRECTOR)
  --password      8 to 128 characters with a capital, a lowercase letter, a digit and a special character.
                  Left out, a strong password is generated and printed once (safer: no shell history).
  --otp-required  The user must set up an authenticator app before using the product.

A staff account joins the installation's first office with the role of the same name (SUPER_ADMIN as its owner);
a TALENT account joins no office.

Reads the same environment as the server (DATABASE_URL, or the embedded database in DATA_DIR).
The embedded database admits one process at a time: stop the server before running this command.`;

function isRoleCode(value: string): value is UserRoleCode {
  return (USER_ROLE_CODES as readonly string[]).includes(value);
}

function fail(message: string, code = 1): number {
  process.stderr.write(`${message}\n`);
  return code;
}

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        role: { type: 'string', default: 'CASTING_DIRECTOR' },
        password: { type: 'string' },
        'otp-required': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { email, 'first-name': firstName, 'last-name': lastName, role } = values;
  if (!email || !firstName || !lastName)
    return fail(`--email, --first-name and --last-name are required.\n\n${USAGE}`, 2);
  if (!isRoleCode(role)) return fail(`Unknown role '${role}'. Use one of: ${USER_ROLE_CODES.join(', ')}.`, 2);

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: path.join(config.dataDir, 'pg'),
    pgliteMemoryMb: config.PGLITE_MEMORY_MB,
    processLabel: 'create-user',
  });
  try {
    const password = values.password ?? generatePassword();
    // An operator's tool: it writes as the database's owner, into the first office.
    const officeId = await firstOfficeId(database.db);
    const user = await runAsOwner(async () => {
      const account = await createAccount(database.db, {
        email,
        firstName,
        lastName,
        password,
        roleCode: role,
        otpRequired: values['otp-required'],
      });
      const officeRole = officeRoleOfAccount(account.roleCode as UserRoleCode);
      if (officeRole) {
        await database.db.insert(officeMembers).values({ officeId, userId: account.id, role: officeRole });
        await database.db.update(users).set({ lastOfficeId: officeId }).where(eq(users.id, account.id));
      }
      return account;
    }, officeId);
    process.stdout.write(`Created ${user.roleCode} ${user.email} (id ${user.id})\n`);
    if (!values.password) process.stdout.write(`Password: ${password}\n`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) return fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirectoryLockedError)
      process.exit(fail(error.message));
    process.exit(
      fail(`create-user failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    );
  },
);
