import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/platform/db/client';
import { migrationsBefore } from '../support/migrations-before';

// The roster migration on a database that already holds applicants: one person per distinct e-mail, one per
// applicant without an e-mail, every applicant linked, and new applicants linked by the trigger from then on.
describe('the roster migration', () => {
  it('backfills people from existing applicants and links every applicant', async () => {
    const pglite = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(pglite), { migrationsFolder: migrationsBefore('_roster') });
      const [owner, one, two, role1, role2] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await pglite.exec(`
        insert into users (id, email, first_name, last_name, role_code) values ('${owner}', 'o@example.com', 'O', 'W', 'CASTING_DIRECTOR');
        insert into projects (id, name, owner_id) values ('${one}', 'One', '${owner}'), ('${two}', 'Two', '${owner}');
        insert into roles (id, project_id, name) values ('${role1}', '${one}', 'A'), ('${role2}', '${two}', 'B');
        insert into applicants (id, project_id, first_name, last_name, email, search_text, phone, created_at) values
          (gen_random_uuid(), '${one}', 'Ana', 'First', 'ana@example.com', 'ana first ana@example.com', null, now() - interval '2 days'),
          (gen_random_uuid(), '${two}', 'Anna', 'Later', 'ana@example.com', 'anna later ana@example.com', '+15550000000', now()),
          (gen_random_uuid(), '${one}', 'No', 'Mail', null, 'no mail', null, now()),
          (gen_random_uuid(), '${two}', 'No', 'Mail', null, 'no mail', null, now());
      `);
      await migrate(drizzle(pglite), { migrationsFolder });
      const people = await pglite.query<{ first_name: string; email: string | null; sort_last_name: string }>(
        'select first_name, email, sort_last_name from people order by email nulls last, first_name',
      );
      expect(people.rows).toEqual([
        { first_name: 'Ana', email: 'ana@example.com', sort_last_name: 'first' },
        { first_name: 'No', email: null, sort_last_name: 'mail' },
        { first_name: 'No', email: null, sort_last_name: 'mail' },
      ]);
      const links = await pglite.query<{ n: number; people: number }>(
        'select count(*)::int as n, count(distinct person_id)::int as people from applicants where person_id is not null',
      );
      expect(links.rows[0]).toEqual({ n: 4, people: 3 });
      // Writes after the offices migration name their office, as every request and job does.
      await pglite.query("select set_config('app.office_id', (select id::text from offices limit 1), false)");
      // From now on the trigger links: by e-mail to the existing person, filling the blank phone.
      await pglite.exec(`
        insert into applicants (project_id, id, first_name, last_name, email, search_text, phone)
        values ('${one}', gen_random_uuid(), 'Ana', 'Third', 'ana@example.com', 'x', '+15551112222')
        on conflict do nothing;
        insert into applicants (project_id, id, first_name, last_name, email, search_text)
        values ('${two}', gen_random_uuid(), 'New', 'Person', 'new@example.com', 'new person');`);
      const after = await pglite.query<{ email: string; phone: string | null; applicants: number }>(`
        select p.email, p.phone, (select count(*)::int from applicants a where a.person_id = p.id) as applicants
        from people p where p.email is not null order by p.email`);
      expect(after.rows).toEqual([
        { email: 'ana@example.com', phone: '+15551112222', applicants: 2 },
        { email: 'new@example.com', phone: null, applicants: 1 },
      ]);
    } finally {
      await pglite.close();
    }
  }, 120_000);
});
