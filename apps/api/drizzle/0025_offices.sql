-- Offices: every table of office data carries office_id, filled from the office the transaction is set to
-- (app.office_id), and row-level security shows the application's role (casting_app) only that office's rows.
-- Existing data becomes the first office; its staff become its members and the super admins its owners.
-- The role belongs to the whole server, not to this database: databases migrating side by side on one server (the
-- test workers do) may both find it missing, so the loser of that race takes the winner's role.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'casting_app') THEN
    CREATE ROLE casting_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
--> statement-breakpoint
CREATE FUNCTION current_office_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.office_id', true), '')::uuid $$
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_key" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"date_format" text DEFAULT 'YYYY-MM-DD' NOT NULL,
	"mail_sender_name" text,
	"terms_text" text,
	"privacy_text" text,
	"legal_version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"age_of_majority" integer DEFAULT 18 NOT NULL,
	"retention_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offices_status_check" CHECK ("offices"."status" in ('ACTIVE', 'PENDING_APPROVAL', 'SUSPENDED')),
	CONSTRAINT "offices_age_of_majority_check" CHECK ("offices"."age_of_majority" between 14 and 21),
	CONSTRAINT "offices_retention_days_check" CHECK ("offices"."retention_days" is null or "offices"."retention_days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "office_members" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_members_office_id_user_id_pk" PRIMARY KEY("office_id","user_id"),
	CONSTRAINT "office_members_role_check" CHECK ("office_members"."role" in ('OWNER', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT', 'CLIENT'))
);
--> statement-breakpoint
INSERT INTO "offices" ("id", "name", "created_at")
  VALUES (gen_random_uuid(), 'Casting office', coalesce((SELECT min("created_at") FROM "users"), now()))
--> statement-breakpoint
SELECT set_config('app.office_id', (SELECT "id"::text FROM "offices" LIMIT 1), false)
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_office_id" uuid
--> statement-breakpoint
DROP INDEX "projects_active_updated_idx";
--> statement-breakpoint
DROP INDEX "projects_archived_updated_idx";
--> statement-breakpoint
DROP INDEX "projects_updated_idx";
--> statement-breakpoint
DROP INDEX "audit_events_at_idx";
--> statement-breakpoint
DROP INDEX "audit_events_action_idx";
--> statement-breakpoint
DROP INDEX "people_email_key";
--> statement-breakpoint
DROP INDEX "people_name_idx";
--> statement-breakpoint
DROP INDEX "people_newest_idx";
--> statement-breakpoint
DROP INDEX "people_identity_idx";
--> statement-breakpoint
DROP INDEX "office_tags_name_key";
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "office_id" uuid;
--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "project_accesses" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "office_id" uuid DEFAULT current_office_id();
--> statement-breakpoint
ALTER TABLE "applicant_tags" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "folder_memberships" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "applicant_access_tokens" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "applicant_representatives" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "share_link_groups" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "download_bundles" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "media_issue_reports" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "media_upload_failures" ADD COLUMN "office_id" uuid DEFAULT current_office_id();
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "candidate_invitations" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_recipients" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_template_seeds" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_deliveries" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_message_revisions" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_reply_links" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_thread_reads" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_threads" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "office_tags" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "person_duplicate_dismissals" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "person_merges" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "person_notes" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "person_tags" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "roster_entries" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "roster_events" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_feedback" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_link_exports" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_link_items" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_link_viewers" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_link_visits" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_links" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "project_shares" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "admin_script_runs" ADD COLUMN "office_id" uuid DEFAULT current_office_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "office_members" ADD CONSTRAINT "office_members_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_members" ADD CONSTRAINT "office_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "office_members_user_idx" ON "office_members" USING btree ("user_id");
--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_accesses" ADD CONSTRAINT "project_accesses_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "applicant_tags" ADD CONSTRAINT "applicant_tags_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "folder_memberships" ADD CONSTRAINT "folder_memberships_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "applicant_access_tokens" ADD CONSTRAINT "applicant_access_tokens_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "applicant_representatives" ADD CONSTRAINT "applicant_representatives_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "share_link_groups" ADD CONSTRAINT "share_link_groups_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "download_bundles" ADD CONSTRAINT "download_bundles_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "media_issue_reports" ADD CONSTRAINT "media_issue_reports_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "media_upload_failures" ADD CONSTRAINT "media_upload_failures_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "candidate_invitations" ADD CONSTRAINT "candidate_invitations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_template_seeds" ADD CONSTRAINT "email_template_seeds_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_deliveries" ADD CONSTRAINT "chat_deliveries_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_message_revisions" ADD CONSTRAINT "chat_message_revisions_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_reply_links" ADD CONSTRAINT "chat_reply_links_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_thread_reads" ADD CONSTRAINT "chat_thread_reads_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_tags" ADD CONSTRAINT "office_tags_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "person_duplicate_dismissals" ADD CONSTRAINT "person_duplicate_dismissals_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "person_merges" ADD CONSTRAINT "person_merges_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "person_notes" ADD CONSTRAINT "person_notes_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "person_tags" ADD CONSTRAINT "person_tags_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "roster_events" ADD CONSTRAINT "roster_events_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_feedback" ADD CONSTRAINT "client_feedback_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_link_exports" ADD CONSTRAINT "client_link_exports_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_link_items" ADD CONSTRAINT "client_link_items_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_link_viewers" ADD CONSTRAINT "client_link_viewers_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_link_visits" ADD CONSTRAINT "client_link_visits_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_links" ADD CONSTRAINT "client_links_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_shares" ADD CONSTRAINT "project_shares_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "admin_script_runs" ADD CONSTRAINT "admin_script_runs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "projects_active_updated_idx" ON "projects" USING btree ("office_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."archived_at" is null;
--> statement-breakpoint
CREATE INDEX "projects_archived_updated_idx" ON "projects" USING btree ("office_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."archived_at" is not null;
--> statement-breakpoint
CREATE INDEX "projects_updated_idx" ON "projects" USING btree ("office_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("office_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("office_id","action","at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_key" ON "people" USING btree ("office_id","email") WHERE "people"."email" is not null;
--> statement-breakpoint
CREATE INDEX "people_name_idx" ON "people" USING btree ("office_id","sort_last_name","sort_first_name","id");
--> statement-breakpoint
CREATE INDEX "people_newest_idx" ON "people" USING btree ("office_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "people_identity_idx" ON "people" USING btree ("office_id","sort_last_name","sort_first_name","date_of_birth") WHERE "people"."date_of_birth" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "office_tags_name_key" ON "office_tags" USING btree ("office_id",lower("name"));
--> statement-breakpoint
INSERT INTO "office_members" ("office_id", "user_id", "role", "created_at")
  SELECT current_office_id(), "id",
    CASE "role_code" WHEN 'SUPER_ADMIN' THEN 'OWNER' ELSE "role_code" END, "created_at"
  FROM "users" WHERE "role_code" IN ('SUPER_ADMIN', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT', 'CLIENT')
--> statement-breakpoint
UPDATE "auth_sessions" SET "office_id" = current_office_id()
  WHERE "user_id" IN (SELECT "user_id" FROM "office_members")
--> statement-breakpoint
ALTER TABLE "admin_script_runs" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "admin_script_runs_office" ON "admin_script_runs" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "applicant_access_tokens" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "applicant_access_tokens_office" ON "applicant_access_tokens" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "applicant_representatives" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "applicant_representatives_office" ON "applicant_representatives" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "applicant_tags" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "applicant_tags_office" ON "applicant_tags" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "applicants" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "applicants_office" ON "applicants" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
-- Audit events without an office (sign-ins, the operator's work) are the installation's: seen and written only
-- outside any office.
CREATE POLICY "audit_events_office" ON "audit_events"
  USING ("office_id" IS NOT DISTINCT FROM current_office_id())
  WITH CHECK ("office_id" IS NOT DISTINCT FROM current_office_id())
--> statement-breakpoint
ALTER TABLE "candidate_invitations" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "candidate_invitations_office" ON "candidate_invitations" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "chat_attachments" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "chat_attachments_office" ON "chat_attachments" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "chat_deliveries" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "chat_deliveries_office" ON "chat_deliveries" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "chat_message_revisions" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "chat_message_revisions_office" ON "chat_message_revisions" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "chat_messages" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "chat_messages_office" ON "chat_messages" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "chat_reply_links" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "chat_reply_links_office" ON "chat_reply_links" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "chat_thread_reads" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "chat_thread_reads_office" ON "chat_thread_reads" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "chat_threads" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "chat_threads_office" ON "chat_threads" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "client_feedback" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "client_feedback_office" ON "client_feedback" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "client_link_exports" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "client_link_exports_office" ON "client_link_exports" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "client_link_items" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "client_link_items_office" ON "client_link_items" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "client_link_viewers" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "client_link_viewers_office" ON "client_link_viewers" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "client_link_visits" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "client_link_visits_office" ON "client_link_visits" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "client_links" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "client_links_office" ON "client_links" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "download_bundles" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "download_bundles_office" ON "download_bundles" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "email_opt_outs" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "email_opt_outs_office" ON "email_opt_outs" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "email_recipients" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "email_recipients_office" ON "email_recipients" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "email_sends" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "email_sends_office" ON "email_sends" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "email_template_seeds" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "email_template_seeds_office" ON "email_template_seeds" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "email_templates" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "email_templates_office" ON "email_templates" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "folder_memberships" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "folder_memberships_office" ON "folder_memberships" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "folders" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "folders_office" ON "folders" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "import_jobs" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "import_jobs_office" ON "import_jobs" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "import_rows" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "import_rows_office" ON "import_rows" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "media_issue_reports" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "media_issue_reports_office" ON "media_issue_reports" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "media_items" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "media_items_office" ON "media_items" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "media_upload_failures" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
-- An upload failure reported outside any office (a signed-in person without one) is the installation's.
CREATE POLICY "media_upload_failures_office" ON "media_upload_failures"
  USING ("office_id" IS NOT DISTINCT FROM current_office_id())
  WITH CHECK ("office_id" IS NOT DISTINCT FROM current_office_id())
--> statement-breakpoint
ALTER TABLE "media_uploads" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "media_uploads_office" ON "media_uploads" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "office_tags" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "office_tags_office" ON "office_tags" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "people" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "people_office" ON "people" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "person_duplicate_dismissals" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "person_duplicate_dismissals_office" ON "person_duplicate_dismissals" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "person_merges" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "person_merges_office" ON "person_merges" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "person_notes" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "person_notes_office" ON "person_notes" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "person_tags" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "person_tags_office" ON "person_tags" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "project_accesses" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "project_accesses_office" ON "project_accesses" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "project_shares" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "project_shares_office" ON "project_shares" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "projects" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "projects_office" ON "projects" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "roles" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "roles_office" ON "roles" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "roster_entries" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "roster_entries_office" ON "roster_entries" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "roster_events" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "roster_events_office" ON "roster_events" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "share_link_groups" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "share_link_groups_office" ON "share_link_groups" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "share_links" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "share_links_office" ON "share_links" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "submissions" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "submissions_office" ON "submissions" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "tags" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "tags_office" ON "tags" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "votes" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "votes_office" ON "votes" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "office_members" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "office_members_office" ON "office_members" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "offices" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "offices_office" ON "offices" USING ("id" = current_office_id()) WITH CHECK ("id" = current_office_id())
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO casting_app
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO casting_app
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO casting_app
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO casting_app
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO casting_app
--> statement-breakpoint
-- The job queue runs as the owner, but a job sent inside a request's transaction is written by the application.
CREATE SCHEMA IF NOT EXISTS pgboss
--> statement-breakpoint
GRANT USAGE ON SCHEMA pgboss TO casting_app
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO casting_app
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO casting_app
--> statement-breakpoint
-- The role the migrations run as takes on casting_app for the application's queries (SET ROLE). A superuser may
-- already; an owner role that is not one needs the membership.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN
    EXECUTE format('GRANT casting_app TO %I', current_user);
  END IF;
END $$
--> statement-breakpoint
-- The lookups that must cross offices, each answering no more than an office id: which office owns a project,
-- and which offices a person may work in (a member, or on the team of one of its projects).
CREATE FUNCTION office_of_project(project uuid) RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT "office_id" FROM "projects" WHERE "id" = project $$
--> statement-breakpoint
CREATE FUNCTION offices_of_user(person uuid)
  RETURNS TABLE (office_id uuid, name text, status text, role text) LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT o."id", o."name", o."status", m."role"
      FROM "offices" o JOIN "office_members" m ON m."office_id" = o."id" AND m."user_id" = person
    UNION
    SELECT o."id", o."name", o."status", NULL
      FROM "offices" o
      WHERE NOT EXISTS (SELECT FROM "office_members" m WHERE m."office_id" = o."id" AND m."user_id" = person)
        AND EXISTS (
          SELECT FROM "project_accesses" a
          WHERE a."office_id" = o."id"
            AND (a."user_id" = person OR (a."user_id" IS NULL AND a."email" = (
              SELECT u."email" FROM "users" u WHERE u."id" = person AND u."confirmed_at" IS NOT NULL))))
  $$
--> statement-breakpoint
REVOKE ALL ON FUNCTION office_of_project(uuid), offices_of_user(uuid) FROM PUBLIC
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION office_of_project(uuid), offices_of_user(uuid) TO casting_app
--> statement-breakpoint
-- A person's standing in one office, as the authenticator reads it with the session: their role, GUEST when they
-- are only on the team of one of its projects, the office's status when it is not active, null when unrelated.
CREATE FUNCTION office_standing(person uuid, office uuid) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT CASE
      WHEN o."status" <> 'ACTIVE' THEN o."status"
      ELSE coalesce(
        (SELECT m."role" FROM "office_members" m WHERE m."office_id" = o."id" AND m."user_id" = person),
        (SELECT 'GUEST' FROM "offices_of_user"(person) u WHERE u."office_id" = o."id" LIMIT 1))
    END
    FROM "offices" o WHERE o."id" = office
  $$
--> statement-breakpoint
REVOKE ALL ON FUNCTION office_standing(uuid, uuid) FROM PUBLIC
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION office_standing(uuid, uuid) TO casting_app
--> statement-breakpoint
-- The authenticator's cache forgets a session whose office changes, a person whose membership changes, and
-- everything when an office's status changes (auth_notify_change, the authentication-cache channel).
DROP TRIGGER auth_sessions_notify_change ON auth_sessions
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_change
  AFTER UPDATE OF revoked_at, expires_at, last_activity_at, duration_minutes, user_id, office_id OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION auth_notify_change('s')
--> statement-breakpoint
CREATE FUNCTION office_members_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('casting_auth', 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER office_members_notify_auth_change
  AFTER INSERT OR UPDATE OR DELETE ON office_members
  FOR EACH ROW EXECUTE FUNCTION office_members_notify_change()
--> statement-breakpoint
CREATE FUNCTION offices_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('casting_auth', 'o:' || NEW.id::text);
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER offices_notify_auth_change
  AFTER UPDATE OF status ON offices
  FOR EACH ROW EXECUTE FUNCTION offices_notify_change()
--> statement-breakpoint
-- An applicant is filed as a person of its own office: by e-mail to the office's person with that address, else to a
-- new person of the office. Two offices never share a person.
CREATE OR REPLACE FUNCTION applicants_link_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.person_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  INSERT INTO people (office_id, first_name, last_name, email, phone, date_of_birth, gender_id, location, skills,
      union_ids, languages, search_text)
    VALUES (NEW.office_id, NEW.first_name, NEW.last_name, NEW.email, NEW.phone, NEW.date_of_birth, NEW.gender_id,
      NEW.location, NEW.skills, NEW.union_ids, NEW.languages, NEW.search_text)
    ON CONFLICT (office_id, email) WHERE email IS NOT NULL DO NOTHING
    RETURNING id INTO NEW.person_id;
  IF NEW.person_id IS NULL THEN
    SELECT id INTO NEW.person_id FROM people WHERE office_id = NEW.office_id AND email = NEW.email;
    UPDATE people SET
        phone = coalesce(phone, NEW.phone),
        date_of_birth = coalesce(date_of_birth, NEW.date_of_birth),
        gender_id = coalesce(gender_id, NEW.gender_id),
        location = coalesce(location, NEW.location),
        updated_at = now()
      WHERE id = NEW.person_id
        AND ((phone IS NULL AND NEW.phone IS NOT NULL) OR (date_of_birth IS NULL AND NEW.date_of_birth IS NOT NULL)
          OR (gender_id IS NULL AND NEW.gender_id IS NOT NULL) OR (location IS NULL AND NEW.location IS NOT NULL));
  END IF;
  RETURN NEW;
END $$
--> statement-breakpoint
-- The office that owns the row a public request names (a submission link's secret, a client link's, an applicant's
-- private link, a download, an upload...), so that the request can then work in that office. It answers an office id
-- and nothing else; secrets are compared by their SHA-256, as the tables keep them.
CREATE FUNCTION office_of(kind text, key text) RETURNS uuid LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
DECLARE
  target uuid;
  digest text := encode(sha256(convert_to(key, 'UTF8')), 'hex');
BEGIN
  IF key ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    target := key::uuid;
  END IF;
  RETURN CASE kind
    WHEN 'project' THEN (SELECT p."office_id" FROM "projects" p WHERE p."id" = target)
    WHEN 'applicant' THEN (SELECT a."office_id" FROM "applicants" a WHERE a."id" = target)
    WHEN 'chat_thread' THEN (SELECT t."office_id" FROM "chat_threads" t WHERE t."id" = target)
    WHEN 'download' THEN (SELECT d."office_id" FROM "download_bundles" d WHERE d."id" = target)
    WHEN 'client_link_export' THEN (SELECT e."office_id" FROM "client_link_exports" e WHERE e."id" = target)
    WHEN 'share_link' THEN (SELECT l."office_id" FROM "share_links" l WHERE l."token_hash" = digest)
    WHEN 'client_link' THEN (SELECT l."office_id" FROM "client_links" l WHERE l."token_digest" = digest)
    WHEN 'opt_out' THEN (SELECT r."office_id" FROM "email_recipients" r WHERE r."opt_out_digest" = digest)
    WHEN 'upload' THEN (SELECT u."office_id" FROM "media_uploads" u WHERE u."object_key" = key)
    ELSE NULL
  END;
END $$
--> statement-breakpoint
REVOKE ALL ON FUNCTION office_of(text, text) FROM PUBLIC
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION office_of(text, text) TO casting_app
--> statement-breakpoint
-- Row-level security evaluates a query's own conditions after the office's only when they are leak-proof, and only
-- leak-proof conditions may drive an index: the lists' searches (LIKE on trigram indexes, array containment on GIN
-- indexes, lower-cased names) would read every row of the office otherwise. None of these functions can reveal the
-- value they are given (none raises an error that depends on a row's data), so they are declared leak-proof. Only a
-- superuser may declare it; where the migrations run as another role the lists still answer, more slowly, and the
-- server warns at start.
DO $$ BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN
    ALTER FUNCTION textlike(text, text) LEAKPROOF;
    ALTER FUNCTION texticlike(text, text) LEAKPROOF;
    ALTER FUNCTION arraycontains(anyarray, anyarray) LEAKPROOF;
    ALTER FUNCTION arrayoverlap(anyarray, anyarray) LEAKPROOF;
    ALTER FUNCTION lower(text) LEAKPROOF;
    ALTER FUNCTION text_array_lower(text[]) LEAKPROOF;
  ELSE
    RAISE NOTICE 'Not a superuser: the list filters are not declared leak-proof and will not use their indexes';
  END IF;
END $$
--> statement-breakpoint
-- The office of the newest invitation to a project team still waiting for an address: a person invited to a project
-- who then signs up works in that office rather than in a new, empty one of their own.
CREATE FUNCTION office_inviting(address text) RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT a."office_id" FROM "project_accesses" a
      WHERE a."email" = lower(address) AND a."user_id" IS NULL
      ORDER BY a."created_at" DESC LIMIT 1
  $$
--> statement-breakpoint
REVOKE ALL ON FUNCTION office_inviting(text) FROM PUBLIC
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION office_inviting(text) TO casting_app
--> statement-breakpoint
-- Every office's id, for the scheduled upkeep that runs in each office in turn (never across them).
CREATE FUNCTION all_office_ids() RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT "id" FROM "offices" ORDER BY "id" $$
--> statement-breakpoint
REVOKE ALL ON FUNCTION all_office_ids() FROM PUBLIC
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION all_office_ids() TO casting_app
--> statement-breakpoint
SELECT set_config('app.office_id', '', false);
