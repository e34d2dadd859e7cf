CREATE TABLE "selfie_requests" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"media_id" uuid
);
--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "is_selfie" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "selfie_requests" ADD CONSTRAINT "selfie_requests_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_requests" ADD CONSTRAINT "selfie_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_requests" ADD CONSTRAINT "selfie_requests_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_requests" ADD CONSTRAINT "selfie_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_requests" ADD CONSTRAINT "selfie_requests_media_id_media_items_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selfie_requests_applicant_idx" ON "selfie_requests" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "selfie_requests_open_idx" ON "selfie_requests" USING btree ("applicant_id") WHERE "selfie_requests"."answered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "media_items_selfie_idx" ON "media_items" USING btree ("applicant_id") WHERE "media_items"."is_selfie";--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: row-level security of the selfie requests, as every table with an office key has.
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE "selfie_requests" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "selfie_requests_office" ON "selfie_requests" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
