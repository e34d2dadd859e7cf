import { sql } from 'drizzle-orm';
import { runAsOwner } from '../../apps/api/src/platform/db/scope';
import type { Database } from '../../apps/api/src/platform/db/client';
import { hashPassword } from '../../apps/api/src/platform/crypto/password';
import { firstOfficeId } from '../../apps/api/src/bootstrap/first-office';

export const ADMIN = { email: 'bench-admin@example.com', password: 'Velvet#Harbor42-bench' };
export const MEMBER = { email: 'bench-member@example.com', password: 'Velvet#Harbor42-bench' };
const OTHER_OWNER = 'bench-owner@example.com';

/** Every hundredth project is the member's; the others belong to one other casting director. */
export const MEMBER_SHARE = 100;

export interface LoadedData {
  memberId: string;
  adminId: string;
}

/**
 * A casting office of `size` projects: the member (a casting director) owns one in MEMBER_SHARE and sees only
 * those; the super admin (created by the API's first start) sees all. One in ten is archived. Each project has its
 * owner's access row, as the API writes it. Then VACUUM (ANALYZE), as a settled database would have.
 */
export async function loadProjects(database: Database, size: number): Promise<LoadedData> {
  const db = await firstOfficeOwner(database);
  const passwordHash = await hashPassword(MEMBER.password);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, role_code, password_hash, confirmed_at) values
      (gen_random_uuid(), ${MEMBER.email}, 'Mel', 'Member', 'CASTING_DIRECTOR', ${passwordHash}, now()),
      (gen_random_uuid(), ${OTHER_OWNER}, 'Olive', 'Owner', 'CASTING_DIRECTOR', null, now())`);
  const result: unknown = await db.execute(
    sql`select email, id from users where email in (${MEMBER.email}, ${ADMIN.email}, ${OTHER_OWNER})`,
  );
  // node-postgres answers { rows }, PGlite's drizzle driver the same; either way the rows are what is read.
  const rows = (result as { rows: { email: string; id: string }[] }).rows;
  const idOf = (email: string) => {
    const row = rows.find((candidate) => candidate.email === email);
    if (!row) throw new Error(`bench data: no user ${email}`);
    return row.id;
  };
  const memberId = idOf(MEMBER.email);
  await joinFirstOffice(db, [memberId, idOf(OTHER_OWNER)]);
  await db.execute(sql`
    insert into projects (id, name, owner_id, project_type_id, created_at, updated_at, archived_at)
    select gen_random_uuid(), 'Bench project ' || n,
      case when n % ${MEMBER_SHARE} = 0 then ${memberId}::uuid else ${idOf(OTHER_OWNER)}::uuid end,
      (select id from lookup_values where lookup = 'project-types' order by name limit 1),
      now() - n * interval '1 minute', now() - n * interval '1 minute',
      case when n % 10 = 5 then now() else null end
    from generate_series(1, ${size}) n`);
  await db.execute(sql`
    insert into project_accesses (id, project_id, user_id, email, scope, invited_by_id, accepted_at)
    select gen_random_uuid(), p.id, p.owner_id, u.email, 'PROJECT_OWNER', p.owner_id, now()
    from projects p join users u on u.id = p.owner_id`);
  // As the owner: the application's role may not vacuum the tables it does not own.
  if (database.pglite) await runAsOwner(() => database.pglite!.exec('VACUUM (ANALYZE)'));
  else await db.execute(sql`vacuum (analyze)`);
  return { memberId, adminId: idOf(ADMIN.email) };
}

/**
 * The loaders' handle: the database's owner (row-level security does not restrict it), writing into the first office,
 * the one the API's first start gave the bench's super admin.
 */
export async function firstOfficeOwner(database: Database): Promise<Database['db']> {
  return database.scopedDb({ owner: true, officeId: await firstOfficeId(database.db) });
}

/** Makes casting directors members of the first office, as an owner's invitation would. */
export async function joinFirstOffice(db: Database['db'], userIds: readonly string[]): Promise<void> {
  for (const userId of userIds) {
    await db.execute(sql`insert into office_members (user_id, role) values (${userId}, 'CASTING_DIRECTOR')`);
  }
}

/** Signs in through the API, as the web app does, and returns the bearer header. */
export async function signIn(
  url: string,
  who: { email: string; password: string },
): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const body = (await res.json()) as { status?: string; accessToken?: string };
  if (body.status !== 'SIGNED_IN' || !body.accessToken) {
    throw new Error(`bench sign-in for ${who.email} failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return { authorization: `Bearer ${body.accessToken}` };
}
