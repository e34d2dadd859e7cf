import pg from 'pg';
import { APPLICATION_ROLE } from './scope';

/** Why an application login is refused, or null when it is fit (see assertApplicationLogin). */
export async function applicationLoginProblem(config: pg.PoolConfig): Promise<string | null> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    const { rows } = await client.query<{
      login: string;
      superuser: boolean;
      bypasses: boolean;
      member: boolean;
      owns: boolean;
    }>(
      `select r.rolname as login, r.rolsuper as superuser, r.rolbypassrls as bypasses,
         pg_has_role(session_user, $1, 'MEMBER') as member,
         pg_has_role(session_user, (select relowner from pg_class where oid = 'public.projects'::regclass), 'USAGE')
           as owns
       from pg_roles r where r.rolname = session_user`,
      [APPLICATION_ROLE],
    );
    const row = rows[0];
    if (!row) return 'the login was not found';
    if (row.superuser) return `${row.login} is a superuser`;
    if (row.bypasses) return `${row.login} may bypass row-level security`;
    if (row.owns)
      return `${row.login} has the rights of the tables' owner, which row-level security does not restrict`;
    if (!row.member) return `${row.login} is not a member of ${APPLICATION_ROLE}`;
    return null;
  } finally {
    await client.end();
  }
}

/**
 * Refuses to start on an application login that row-level security would not hold: a superuser, a role that may
 * bypass it, one with the table owner's rights, or one outside the application role. The operator then creates a
 * login such as `CREATE ROLE casting_web LOGIN PASSWORD '...' IN ROLE casting_app` and names it in DATABASE_APP_URL.
 */
export async function assertApplicationLogin(config: pg.PoolConfig): Promise<void> {
  const problem = await applicationLoginProblem(config);
  if (problem) {
    throw new Error(
      `DATABASE_APP_URL is not a login row-level security holds: ${problem}. ` +
        `Create one with CREATE ROLE <name> LOGIN PASSWORD '<secret>' IN ROLE ${APPLICATION_ROLE}.`,
    );
  }
}
