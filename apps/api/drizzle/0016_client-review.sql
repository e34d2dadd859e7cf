CREATE TABLE "client_feedback" (
	"viewer_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"vote" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_feedback_viewer_id_submission_id_pk" PRIMARY KEY("viewer_id","submission_id"),
	CONSTRAINT "client_feedback_vote_check" CHECK ("client_feedback"."vote" is null or "client_feedback"."vote" in ('YES', 'NO', 'MAYBE'))
);
--> statement-breakpoint
CREATE TABLE "client_link_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"recipient_email" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"csv_key" text,
	"pdf_key" text,
	"failure_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_link_items" (
	"link_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"folder_id" uuid,
	"position" integer NOT NULL,
	CONSTRAINT "client_link_items_link_id_submission_id_pk" PRIMARY KEY("link_id","submission_id")
);
--> statement-breakpoint
CREATE TABLE "client_link_viewers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"code_digest" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"session_digest" text,
	"session_expires_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_link_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"viewer_id" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_submission_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"token_digest" text NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"settings" jsonb NOT NULL,
	"folder_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_shares" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_feedback" ADD CONSTRAINT "client_feedback_viewer_id_client_link_viewers_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."client_link_viewers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_feedback" ADD CONSTRAINT "client_feedback_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_feedback" ADD CONSTRAINT "client_feedback_link_id_client_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_feedback" ADD CONSTRAINT "client_feedback_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_exports" ADD CONSTRAINT "client_link_exports_link_id_client_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_exports" ADD CONSTRAINT "client_link_exports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_exports" ADD CONSTRAINT "client_link_exports_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_items" ADD CONSTRAINT "client_link_items_link_id_client_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_items" ADD CONSTRAINT "client_link_items_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_items" ADD CONSTRAINT "client_link_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_items" ADD CONSTRAINT "client_link_items_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_viewers" ADD CONSTRAINT "client_link_viewers_link_id_client_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_viewers" ADD CONSTRAINT "client_link_viewers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_visits" ADD CONSTRAINT "client_link_visits_link_id_client_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_visits" ADD CONSTRAINT "client_link_visits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_visits" ADD CONSTRAINT "client_link_visits_viewer_id_client_link_viewers_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."client_link_viewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_links" ADD CONSTRAINT "client_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_links" ADD CONSTRAINT "client_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_shares" ADD CONSTRAINT "project_shares_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_shares" ADD CONSTRAINT "project_shares_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_feedback_link_idx" ON "client_feedback" USING btree ("link_id","submission_id");--> statement-breakpoint
CREATE INDEX "client_link_exports_link_idx" ON "client_link_exports" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "client_link_items_position_idx" ON "client_link_items" USING btree ("link_id","position");--> statement-breakpoint
CREATE INDEX "client_link_items_submission_idx" ON "client_link_items" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_link_viewers_link_email_key" ON "client_link_viewers" USING btree ("link_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "client_link_viewers_session_key" ON "client_link_viewers" USING btree ("session_digest") WHERE "client_link_viewers"."session_digest" is not null;--> statement-breakpoint
CREATE INDEX "client_link_visits_link_idx" ON "client_link_visits" USING btree ("link_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_links_token_digest_key" ON "client_links" USING btree ("token_digest");--> statement-breakpoint
CREATE INDEX "client_links_project_newest_idx" ON "client_links" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);