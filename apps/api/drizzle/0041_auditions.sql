CREATE TABLE "audition_invitations" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"slot_id" uuid,
	"waitlisted" boolean DEFAULT false NOT NULL,
	"mode" text NOT NULL,
	"recipients" text NOT NULL,
	"status" text DEFAULT 'INVITED' NOT NULL,
	"decline_reason" text,
	"requested_slot_id" uuid,
	"change_message" text,
	"secret_hash" text NOT NULL,
	"calendar_sequence" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"reminders_sent" text[] DEFAULT '{}'::text[] NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audition_invitations_mode_check" CHECK ("audition_invitations"."mode" in ('OFFICE_ASSIGNS', 'CANDIDATE_PICKS')),
	CONSTRAINT "audition_invitations_recipients_check" CHECK ("audition_invitations"."recipients" in ('TALENT', 'AGENTS', 'BOTH')),
	CONSTRAINT "audition_invitations_status_check" CHECK ("audition_invitations"."status" in ('INVITED', 'CONFIRMED', 'DECLINED', 'CHANGE_REQUESTED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "audition_results" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"invitation_id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"attendance" text,
	"checked_in_at" timestamp with time zone,
	"notes" text,
	"rating" integer,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audition_results_attendance_check" CHECK ("audition_results"."attendance" is null or "audition_results"."attendance" in ('ARRIVED', 'LATE', 'NO_SHOW', 'IN_ROOM', 'SEEN')),
	CONSTRAINT "audition_results_rating_check" CHECK ("audition_results"."rating" is null or "audition_results"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "audition_sessions" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"day" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text,
	"video_link" text,
	"slot_minutes" integer NOT NULL,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"per_slot" integer DEFAULT 1 NOT NULL,
	"staff" text,
	"notes" text,
	"source_session_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audition_sessions_kind_check" CHECK ("audition_sessions"."kind" in ('AUDITION', 'CALLBACK', 'CHEMISTRY_READ', 'FITTING')),
	CONSTRAINT "audition_sessions_range_check" CHECK ("audition_sessions"."starts_at" < "audition_sessions"."ends_at"),
	CONSTRAINT "audition_sessions_slot_check" CHECK ("audition_sessions"."slot_minutes" between 1 and 480 and "audition_sessions"."per_slot" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "audition_slots" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audition_invitations" ADD CONSTRAINT "audition_invitations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_invitations" ADD CONSTRAINT "audition_invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_invitations" ADD CONSTRAINT "audition_invitations_session_id_audition_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."audition_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_invitations" ADD CONSTRAINT "audition_invitations_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_invitations" ADD CONSTRAINT "audition_invitations_slot_id_audition_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."audition_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_invitations" ADD CONSTRAINT "audition_invitations_requested_slot_id_audition_slots_id_fk" FOREIGN KEY ("requested_slot_id") REFERENCES "public"."audition_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_invitations" ADD CONSTRAINT "audition_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_results" ADD CONSTRAINT "audition_results_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_results" ADD CONSTRAINT "audition_results_invitation_id_audition_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."audition_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_results" ADD CONSTRAINT "audition_results_session_id_audition_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."audition_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_results" ADD CONSTRAINT "audition_results_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_results" ADD CONSTRAINT "audition_results_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_sessions" ADD CONSTRAINT "audition_sessions_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_sessions" ADD CONSTRAINT "audition_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_sessions" ADD CONSTRAINT "audition_sessions_source_session_id_audition_sessions_id_fk" FOREIGN KEY ("source_session_id") REFERENCES "public"."audition_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_sessions" ADD CONSTRAINT "audition_sessions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_slots" ADD CONSTRAINT "audition_slots_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_slots" ADD CONSTRAINT "audition_slots_session_id_audition_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."audition_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audition_invitations_secret_key" ON "audition_invitations" USING btree ("office_id","secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "audition_invitations_session_applicant_key" ON "audition_invitations" USING btree ("office_id","session_id","applicant_id");--> statement-breakpoint
CREATE INDEX "audition_invitations_session_idx" ON "audition_invitations" USING btree ("office_id","session_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audition_invitations_applicant_idx" ON "audition_invitations" USING btree ("office_id","applicant_id");--> statement-breakpoint
CREATE INDEX "audition_invitations_slot_idx" ON "audition_invitations" USING btree ("office_id","slot_id");--> statement-breakpoint
CREATE INDEX "audition_results_session_idx" ON "audition_results" USING btree ("office_id","session_id","rating");--> statement-breakpoint
CREATE INDEX "audition_sessions_project_idx" ON "audition_sessions" USING btree ("office_id","project_id","starts_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "audition_slots_session_position_key" ON "audition_slots" USING btree ("office_id","session_id","position");--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: row-level security of the audition tables, as every table with an office key has.
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE "audition_sessions" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "audition_sessions_office" ON "audition_sessions" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "audition_slots" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "audition_slots_office" ON "audition_slots" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "audition_invitations" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "audition_invitations_office" ON "audition_invitations" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "audition_results" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "audition_results_office" ON "audition_results" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
