CREATE TABLE "presentation_items" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"presentation_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"position" double precision NOT NULL,
	"media_ids" uuid[],
	CONSTRAINT "presentation_items_presentation_id_submission_id_pk" PRIMARY KEY("presentation_id","submission_id")
);
--> statement-breakpoint
CREATE TABLE "presentation_links" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"link_id" uuid PRIMARY KEY NOT NULL,
	"presentation_id" uuid,
	"layout" text NOT NULL,
	"media" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presentations" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"title" text NOT NULL,
	"layout" text DEFAULT 'cards' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pdf_status" text,
	"pdf_progress" integer DEFAULT 0 NOT NULL,
	"pdf_key" text,
	"pdf_requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "presentation_items" ADD CONSTRAINT "presentation_items_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentation_items" ADD CONSTRAINT "presentation_items_presentation_id_presentations_id_fk" FOREIGN KEY ("presentation_id") REFERENCES "public"."presentations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentation_items" ADD CONSTRAINT "presentation_items_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentation_items" ADD CONSTRAINT "presentation_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentation_links" ADD CONSTRAINT "presentation_links_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentation_links" ADD CONSTRAINT "presentation_links_link_id_client_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentation_links" ADD CONSTRAINT "presentation_links_presentation_id_presentations_id_fk" FOREIGN KEY ("presentation_id") REFERENCES "public"."presentations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentations" ADD CONSTRAINT "presentations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentations" ADD CONSTRAINT "presentations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentations" ADD CONSTRAINT "presentations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentations" ADD CONSTRAINT "presentations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presentation_items_position_idx" ON "presentation_items" USING btree ("office_id","presentation_id","position");--> statement-breakpoint
CREATE INDEX "presentation_items_submission_idx" ON "presentation_items" USING btree ("office_id","submission_id");--> statement-breakpoint
CREATE INDEX "presentation_links_presentation_idx" ON "presentation_links" USING btree ("office_id","presentation_id");--> statement-breakpoint
CREATE INDEX "presentations_project_newest_idx" ON "presentations" USING btree ("office_id","project_id","created_at" desc,"id" desc);--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: row-level security of the presentations, as every table with an office key has.
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE "presentations" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "presentations_office" ON "presentations" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "presentation_items" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "presentation_items_office" ON "presentation_items" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "presentation_links" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "presentation_links_office" ON "presentation_links" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
