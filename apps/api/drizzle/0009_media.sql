CREATE TABLE "download_bundles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"recipient_email" text NOT NULL,
	"applicant_ids" uuid[] NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"object_key" text,
	"file_count" integer DEFAULT 0 NOT NULL,
	"size" bigint,
	"failure_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_bundles_applicants_nonempty" CHECK (cardinality("download_bundles"."applicant_ids") > 0)
);
--> statement-breakpoint
CREATE TABLE "media_issue_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"description" text NOT NULL,
	"reported_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"original_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"failure_reason" text,
	"thumbnail_key" text,
	"display_key" text,
	"poster_key" text,
	"mp4_key" text,
	"preview_key" text,
	"duration_seconds" real,
	"width" integer,
	"height" integer,
	"is_primary_photo" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'ALL' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_upload_failures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid,
	"user_id" uuid,
	"grant_id" text,
	"error" text NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"applicant_id" uuid,
	"object_key" text NOT NULL,
	"multipart_id" text,
	"file_name" text NOT NULL,
	"declared_type" text NOT NULL,
	"declared_size" bigint NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"sniffed_type" text,
	"kind" text,
	"created_by_id" uuid,
	"grant_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_channel_check";--> statement-breakpoint
ALTER TABLE "download_bundles" ADD CONSTRAINT "download_bundles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_bundles" ADD CONSTRAINT "download_bundles_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_issue_reports" ADD CONSTRAINT "media_issue_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_issue_reports" ADD CONSTRAINT "media_issue_reports_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_issue_reports" ADD CONSTRAINT "media_issue_reports_media_id_media_items_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_issue_reports" ADD CONSTRAINT "media_issue_reports_reported_by_id_users_id_fk" FOREIGN KEY ("reported_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_upload_failures" ADD CONSTRAINT "media_upload_failures_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_upload_failures" ADD CONSTRAINT "media_upload_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_bundles_project_idx" ON "download_bundles" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "download_bundles_expires_idx" ON "download_bundles" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "media_issue_reports_project_idx" ON "media_issue_reports" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "media_items_applicant_idx" ON "media_items" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "media_items_project_idx" ON "media_items" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_items_primary_idx" ON "media_items" USING btree ("applicant_id") WHERE "media_items"."is_primary_photo";--> statement-breakpoint
CREATE INDEX "media_upload_failures_created_idx" ON "media_upload_failures" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_uploads_key_idx" ON "media_uploads" USING btree ("object_key");--> statement-breakpoint
CREATE INDEX "media_uploads_project_idx" ON "media_uploads" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "media_uploads_open_idx" ON "media_uploads" USING btree ("created_at") WHERE "media_uploads"."state" = 'OPEN';--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms', 'slack'));