import pg from 'pg';

/**
 * The application's database role (casting_app) and what it may do, as the offices migration first set them: the
 * role exists and cannot bypass row-level security; it reads and writes every table and sequence of the public and
 * job-queue schemas (and those made later); it alone, beside the owner, may call the security-definer lookups that
 * cross offices; and the owner may act as it (SET ROLE). A backup is taken without grants so that it restores into a
 * database owned by another role, so a restore applies these again: without them the application can read nothing.
 */
export const APPLICATION_ROLE_GRANTS = `
DO $$
DECLARE lookup regprocedure;
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'casting_app') THEN
    BEGIN
      CREATE ROLE casting_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
  CREATE SCHEMA IF NOT EXISTS pgboss;
  GRANT USAGE ON SCHEMA public, pgboss TO casting_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public, pgboss TO casting_app;
  GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO casting_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO casting_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO casting_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO casting_app;
  FOR lookup IN
    SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prosecdef
  LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', lookup);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO casting_app', lookup);
  END LOOP;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN
    EXECUTE format('GRANT casting_app TO %I', current_user);
  END IF;
END $$`;

/** Applies APPLICATION_ROLE_GRANTS to the database of the URL, in one transaction. */
export async function grantApplicationRole(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(APPLICATION_ROLE_GRANTS);
  } finally {
    await client.end();
  }
}
