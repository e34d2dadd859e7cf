CREATE TABLE "office_invitations" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "office_invitations_email_check" CHECK ("office_invitations"."email" = lower("office_invitations"."email")),
	CONSTRAINT "office_invitations_role_check" CHECK ("office_invitations"."role" in ('OWNER', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT', 'CLIENT'))
);
--> statement-breakpoint
CREATE TABLE "office_support_grants" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"granted_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "office_invitations" ADD CONSTRAINT "office_invitations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_invitations" ADD CONSTRAINT "office_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_support_grants" ADD CONSTRAINT "office_support_grants_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_support_grants" ADD CONSTRAINT "office_support_grants_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "office_invitations_token_hash_key" ON "office_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "office_invitations_pending_email_key" ON "office_invitations" USING btree ("office_id","email") WHERE "office_invitations"."accepted_at" is null and "office_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "office_invitations_pending_idx" ON "office_invitations" USING btree ("office_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "office_invitations"."accepted_at" is null and "office_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "office_support_grants_live_idx" ON "office_support_grants" USING btree ("office_id","expires_at" DESC NULLS LAST) WHERE "office_support_grants"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "office_members_joined_idx" ON "office_members" USING btree ("office_id","created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offices_created_idx" ON "offices" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offices_status_created_idx" ON "offices" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "office_invitations" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "office_invitations_office" ON "office_invitations" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "office_support_grants" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "office_support_grants_office" ON "office_support_grants" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
-- The office an invitation link belongs to, by the SHA-256 of its token (the only form the table keeps), so that the
-- public preview, the acceptance and a sign-up with the link can then work in that office. An office id, nothing else.
CREATE FUNCTION office_of_invitation(token_hash text) RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT i."office_id" FROM "office_invitations" i WHERE i."token_hash" = office_of_invitation.token_hash $$
--> statement-breakpoint
-- When the office's live support grant ends, or null without one: the operator, who is outside the office, asks this
-- before opening a support session, and sees nothing else of the office.
CREATE FUNCTION office_support_until(office uuid) RETURNS timestamptz LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT max(g."expires_at") FROM "office_support_grants" g
      WHERE g."office_id" = office AND g."ended_at" IS NULL AND g."expires_at" > now()
  $$
--> statement-breakpoint
-- The operator's list of offices: name, status, owners' e-mails and creation only, newest first, keyset on
-- (created_at, id), optionally one status. Nothing of an office's data is reachable through it.
CREATE FUNCTION operator_offices(only_status text, after_created timestamptz, after_id uuid, max_rows integer)
  RETURNS TABLE (id uuid, name text, status text, owner_emails text[], created_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT o."id", o."name", o."status",
        coalesce((SELECT array_agg(u."email" ORDER BY u."email") FROM "office_members" m
          JOIN "users" u ON u."id" = m."user_id" WHERE m."office_id" = o."id" AND m."role" = 'OWNER'), '{}'),
        o."created_at"
      FROM "offices" o
      WHERE (only_status IS NULL OR o."status" = only_status)
        AND (after_created IS NULL OR (o."created_at", o."id") < (after_created, after_id))
      ORDER BY o."created_at" DESC, o."id" DESC
      LIMIT least(greatest(max_rows, 1), 201)
  $$
--> statement-breakpoint
-- The operator approves or suspends an office: answers the office as the list shows it and the status it had, or no
-- row for an unknown office.
CREATE FUNCTION operator_set_office_status(office uuid, new_status text)
  RETURNS TABLE (id uuid, name text, status text, previous_status text, owner_emails text[], created_at timestamptz)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
DECLARE
  before text;
BEGIN
  SELECT o."status" INTO before FROM "offices" o WHERE o."id" = office FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF before IS DISTINCT FROM new_status THEN
    UPDATE "offices" o SET "status" = new_status, "updated_at" = now() WHERE o."id" = office;
  END IF;
  RETURN QUERY
    SELECT o."id", o."name", o."status", before,
        coalesce((SELECT array_agg(u."email" ORDER BY u."email") FROM "office_members" m
          JOIN "users" u ON u."id" = m."user_id" WHERE m."office_id" = o."id" AND m."role" = 'OWNER'), '{}'),
        o."created_at"
      FROM "offices" o WHERE o."id" = office;
END $$
--> statement-breakpoint
REVOKE ALL ON FUNCTION office_of_invitation(text), office_support_until(uuid),
  operator_offices(text, timestamptz, uuid, integer), operator_set_office_status(uuid, text) FROM PUBLIC
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION office_of_invitation(text), office_support_until(uuid),
  operator_offices(text, timestamptz, uuid, integer), operator_set_office_status(uuid, text) TO casting_app
--> statement-breakpoint
-- A person's standing in one office, as the authenticator reads it with the session: the office's status when it is
-- not active; OWNER for the installation's operator while the office grants live support access; else their role,
-- GUEST when they are only on the team of one of its projects, null when unrelated.
CREATE OR REPLACE FUNCTION office_standing(person uuid, office uuid) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT CASE
      WHEN o."status" <> 'ACTIVE' THEN o."status"
      WHEN EXISTS (SELECT FROM "users" u WHERE u."id" = person AND u."role_code" = 'SUPER_ADMIN')
        AND EXISTS (SELECT FROM "office_support_grants" g
          WHERE g."office_id" = o."id" AND g."ended_at" IS NULL AND g."expires_at" > now())
        THEN 'OWNER'
      ELSE coalesce(
        (SELECT m."role" FROM "office_members" m WHERE m."office_id" = o."id" AND m."user_id" = person),
        (SELECT 'GUEST' FROM "offices_of_user"(person) u WHERE u."office_id" = o."id" LIMIT 1))
    END
    FROM "offices" o WHERE o."id" = office
  $$
--> statement-breakpoint
-- A support grant that starts or ends changes the operator's standing in the office: the authentication cache
-- forgets what it remembered (the same announcement as an office's status change).
CREATE FUNCTION office_support_grants_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('casting_auth', 'o:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.office_id ELSE NEW.office_id END)::text);
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER office_support_grants_notify_auth_change
  AFTER INSERT OR UPDATE OR DELETE ON office_support_grants
  FOR EACH ROW EXECUTE FUNCTION office_support_grants_notify_change();
