-- hand-written: every change to what the authenticator judges (a session's liveness, a user's role, deactivation and
-- second-factor state) is announced on the casting_auth channel, so each API instance's short-lived cache of those
-- rows forgets them at once. A trigger rather than application code: it covers every writer (the API's services,
-- the admin scripts, an operator's SQL), and PostgreSQL delivers the notification when the change commits, never
-- before. The payload is 's:' and a session id, or 'u:' and a user id (ids only; nothing secret travels).
CREATE OR REPLACE FUNCTION auth_sessions_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('casting_auth', 's:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('casting_auth', 's:' || NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_change
  AFTER UPDATE OF revoked_at, expires_at, last_activity_at, duration_minutes, user_id OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION auth_sessions_notify_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('casting_auth', 'u:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('casting_auth', 'u:' || NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_change
  AFTER UPDATE OF role_code, deactivated_at, otp_required, otp_enabled, must_change_password OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_notify_auth_change();
