-- hand-written: every change to what the authenticator judges (a session's liveness, a user's role, deactivation and
-- second-factor state) is announced on the casting_auth channel, so each API instance's short-lived cache of those
-- rows forgets them at once. A trigger rather than application code: it covers every writer (the API's services,
-- the admin scripts, an operator's SQL), and PostgreSQL delivers the notification when the change commits, never
-- before. The payload is the trigger's argument ('s' for a session, 'u' for a user), a colon and the row's id (ids
-- only; nothing secret travels).
CREATE OR REPLACE FUNCTION auth_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('casting_auth', TG_ARGV[0] || ':' || OLD.id::text);
  ELSE
    PERFORM pg_notify('casting_auth', TG_ARGV[0] || ':' || NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_change
  AFTER UPDATE OF revoked_at, expires_at, last_activity_at, duration_minutes, user_id OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION auth_notify_change('s');
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_change
  AFTER UPDATE OF role_code, deactivated_at, otp_required, otp_enabled, must_change_password OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_notify_change('u');
