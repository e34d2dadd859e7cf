CREATE TABLE "lookup_values" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lookup" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"name" text NOT NULL,
	"system_alias" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_accesses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"scope" text NOT NULL,
	"invited_by_id" uuid,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_accesses_scope_check" CHECK ("project_accesses"."scope" in ('PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER')),
	CONSTRAINT "project_accesses_email_lower_check" CHECK ("project_accesses"."email" = lower("project_accesses"."email"))
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_web" boolean DEFAULT true NOT NULL,
	"owner_id" uuid NOT NULL,
	"project_type_id" uuid,
	"union_status_id" uuid,
	"project_status_id" uuid,
	"description" text,
	"production_company" text,
	"submission_deadline" date,
	"audition_date" date,
	"callback_date" date,
	"shoot_start_date" date,
	"shoot_end_date" date,
	"location" text,
	"region_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"rate_notes" text,
	"looking_for" text,
	"collect_representative_info" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{"applicantOnlyInOneFolder":false}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"role_type_id" uuid,
	"gender_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"age_min" integer,
	"age_max" integer,
	"ethnic_appearance_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"union_status_id" uuid,
	"rate" text,
	"shoot_start_date" date,
	"shoot_end_date" date,
	"requirements" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_age_range_check" CHECK ("roles"."age_min" is null or "roles"."age_max" is null or "roles"."age_min" <= "roles"."age_max")
);
--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_accesses" ADD CONSTRAINT "project_accesses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_accesses" ADD CONSTRAINT "project_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_accesses" ADD CONSTRAINT "project_accesses_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_type_id_lookup_values_id_fk" FOREIGN KEY ("project_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_union_status_id_lookup_values_id_fk" FOREIGN KEY ("union_status_id") REFERENCES "public"."lookup_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_status_id_lookup_values_id_fk" FOREIGN KEY ("project_status_id") REFERENCES "public"."lookup_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_role_type_id_lookup_values_id_fk" FOREIGN KEY ("role_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_union_status_id_lookup_values_id_fk" FOREIGN KEY ("union_status_id") REFERENCES "public"."lookup_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_values_lookup_name_key" ON "lookup_values" USING btree ("lookup",lower("name"));--> statement-breakpoint
CREATE INDEX "lookup_values_lookup_position_idx" ON "lookup_values" USING btree ("lookup","position","name");--> statement-breakpoint
CREATE INDEX "folders_role_idx" ON "folders" USING btree ("role_id","position");--> statement-breakpoint
CREATE INDEX "folders_project_idx" ON "folders" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "folders_role_alias_key" ON "folders" USING btree ("role_id","system_alias") WHERE "folders"."system_alias" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "project_accesses_project_email_key" ON "project_accesses" USING btree ("project_id","email");--> statement-breakpoint
CREATE INDEX "project_accesses_user_idx" ON "project_accesses" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "project_accesses_email_idx" ON "project_accesses" USING btree ("email");--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "roles_project_idx" ON "roles" USING btree ("project_id","position");