CREATE TABLE "self_tape_office_rules" (
	"office_id" uuid PRIMARY KEY DEFAULT current_office_id() NOT NULL,
	"min_hours" integer NOT NULL,
	"per_page_hours" integer NOT NULL,
	"minor_min_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "self_tape_recipients" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"agent_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"secret_hash" text NOT NULL,
	"status" text DEFAULT 'SENT' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"decline_reason" text,
	"extension" text,
	"extension_note" text,
	"reminded_hours" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_tape_recipients_status_check" CHECK ("self_tape_recipients"."status" in ('SENT', 'OPENED', 'SUBMITTED', 'DECLINED')),
	CONSTRAINT "self_tape_recipients_extension_check" CHECK ("self_tape_recipients"."extension" is null or "self_tape_recipients"."extension" in ('ASKED', 'GRANTED', 'REFUSED'))
);
--> statement-breakpoint
CREATE TABLE "self_tape_requests" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"title" text NOT NULL,
	"instructions" text NOT NULL,
	"sides" jsonb NOT NULL,
	"takes" integer NOT NULL,
	"accepted_kinds" text[] NOT NULL,
	"max_length_seconds" integer,
	"slate_instructions" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"preset" text NOT NULL,
	"late_policy" text NOT NULL,
	"reminder_hours" integer[] NOT NULL,
	"send_to_talent" boolean NOT NULL,
	"idempotency_key" text NOT NULL,
	"selection" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"handled" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_tape_requests_late_policy_check" CHECK ("self_tape_requests"."late_policy" in ('ACCEPT_LATE', 'REFUSE'))
);
--> statement-breakpoint
CREATE TABLE "self_tape_takes" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"recipient_id" uuid NOT NULL,
	"upload_key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"media_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "self_tape_office_rules" ADD CONSTRAINT "self_tape_office_rules_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_recipients" ADD CONSTRAINT "self_tape_recipients_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_recipients" ADD CONSTRAINT "self_tape_recipients_request_id_self_tape_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."self_tape_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_recipients" ADD CONSTRAINT "self_tape_recipients_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_recipients" ADD CONSTRAINT "self_tape_recipients_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_recipients" ADD CONSTRAINT "self_tape_recipients_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_requests" ADD CONSTRAINT "self_tape_requests_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_requests" ADD CONSTRAINT "self_tape_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_requests" ADD CONSTRAINT "self_tape_requests_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_requests" ADD CONSTRAINT "self_tape_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_takes" ADD CONSTRAINT "self_tape_takes_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_takes" ADD CONSTRAINT "self_tape_takes_recipient_id_self_tape_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."self_tape_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_takes" ADD CONSTRAINT "self_tape_takes_media_id_media_items_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "self_tape_recipients_secret_key" ON "self_tape_recipients" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "self_tape_recipients_person_key" ON "self_tape_recipients" USING btree ("office_id","request_id","submission_id","email");--> statement-breakpoint
CREATE INDEX "self_tape_recipients_request_idx" ON "self_tape_recipients" USING btree ("office_id","request_id","id");--> statement-breakpoint
CREATE INDEX "self_tape_recipients_applicant_idx" ON "self_tape_recipients" USING btree ("office_id","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "self_tape_requests_idempotency_key" ON "self_tape_requests" USING btree ("office_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "self_tape_requests_project_idx" ON "self_tape_requests" USING btree ("office_id","project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "self_tape_takes_recipient_idx" ON "self_tape_takes" USING btree ("office_id","recipient_id","created_at");--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: row-level security of the self-tape tables, and the one lookup that crosses offices.
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE "self_tape_office_rules" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "self_tape_office_rules_office" ON "self_tape_office_rules" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "self_tape_requests" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "self_tape_requests_office" ON "self_tape_requests" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "self_tape_recipients" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "self_tape_recipients_office" ON "self_tape_recipients" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "self_tape_takes" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "self_tape_takes_office" ON "self_tape_takes" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
-- The active office a recipient's private-page secret (its SHA-256 digest) belongs to: the public page works in that
-- office from then on, so this answers the office's id and nothing else.
CREATE FUNCTION office_of_self_tape(secret_digest text) RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT r."office_id" FROM "self_tape_recipients" r JOIN "offices" o ON o."id" = r."office_id"
      WHERE r."secret_hash" = secret_digest AND o."status" = 'ACTIVE'
  $$
--> statement-breakpoint
REVOKE ALL ON FUNCTION office_of_self_tape(text) FROM PUBLIC
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION office_of_self_tape(text) TO casting_app
