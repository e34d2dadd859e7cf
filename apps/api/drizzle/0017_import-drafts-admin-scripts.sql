CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_by_id" uuid NOT NULL,
	"target" text NOT NULL,
	"project_id" uuid,
	"role_id" uuid,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"media_zip_key" text,
	"mapping" jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"existing" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "import_jobs_target_check" CHECK ("import_jobs"."target" in ('OPPORTUNITY', 'ROSTER'))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"job_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"reason" text,
	"cells" jsonb,
	"applicant_id" uuid,
	CONSTRAINT "import_rows_job_id_row_number_pk" PRIMARY KEY("job_id","row_number"),
	CONSTRAINT "import_rows_outcome_check" CHECK ("import_rows"."outcome" in ('NEW', 'EXISTING', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "admin_script_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid,
	"script" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"file_key" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "admin_script_runs_status_check" CHECK ("admin_script_runs"."status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "admin_script_runs_progress_check" CHECK ("admin_script_runs"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "draft_step" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_script_runs" ADD CONSTRAINT "admin_script_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_script_runs" ADD CONSTRAINT "admin_script_runs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_creator_idx" ON "import_jobs" USING btree ("created_by_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_script_runs_project_idx" ON "admin_script_runs" USING btree ("project_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_drafts_owner_idx" ON "projects" USING btree ("owner_id","updated_at" DESC NULLS LAST) WHERE "projects"."draft_step" is not null;