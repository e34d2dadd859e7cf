CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"website_url" text,
	"avatar_url" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"user_id" uuid,
	"is_verified" boolean DEFAULT false NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_email_lower_check" CHECK ("agents"."email" = lower("agents"."email"))
);
--> statement-breakpoint
CREATE TABLE "applicant_access_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"applicant_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicant_representatives" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"share_link_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"claim_token_hash" text NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_representatives_status_check" CHECK ("applicant_representatives"."status" in ('PENDING', 'CONFIRMED', 'DENIED'))
);
--> statement-breakpoint
CREATE TABLE "share_link_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"role_ids" uuid[] NOT NULL,
	"default_role_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"is_representative" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"token" text NOT NULL,
	"token_hash" text NOT NULL,
	"agency_id" uuid,
	"agent_id" uuid,
	"submission_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "share_link_id" uuid;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_access_tokens" ADD CONSTRAINT "applicant_access_tokens_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_representatives" ADD CONSTRAINT "applicant_representatives_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_representatives" ADD CONSTRAINT "applicant_representatives_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_representatives" ADD CONSTRAINT "applicant_representatives_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_representatives" ADD CONSTRAINT "applicant_representatives_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_representatives" ADD CONSTRAINT "applicant_representatives_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_groups" ADD CONSTRAINT "share_link_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_groups" ADD CONSTRAINT "share_link_groups_default_role_id_roles_id_fk" FOREIGN KEY ("default_role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_groups" ADD CONSTRAINT "share_link_groups_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_group_id_share_link_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."share_link_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agencies_search_trgm_idx" ON "agencies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agencies_name_idx" ON "agencies" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_email_key" ON "agents" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_user_key" ON "agents" USING btree ("user_id") WHERE "agents"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "agents_agency_idx" ON "agents" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "agents_search_trgm_idx" ON "agents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_access_tokens_hash_key" ON "applicant_access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "applicant_access_tokens_applicant_idx" ON "applicant_access_tokens" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_representatives_applicant_agent_key" ON "applicant_representatives" USING btree ("applicant_id","agent_id");--> statement-breakpoint
CREATE INDEX "applicant_representatives_project_agent_idx" ON "applicant_representatives" USING btree ("project_id","agent_id");--> statement-breakpoint
CREATE INDEX "applicant_representatives_project_agency_idx" ON "applicant_representatives" USING btree ("project_id","agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_link_groups_project_title_key" ON "share_link_groups" USING btree ("project_id","title_key");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_key" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_group_idx" ON "share_links" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "share_links_project_newest_idx" ON "share_links" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submissions_project_share_link_idx" ON "submissions" USING btree ("project_id","share_link_id") WHERE "submissions"."share_link_id" is not null;--> statement-breakpoint
CREATE INDEX "submissions_project_agent_idx" ON "submissions" USING btree ("project_id","referring_agent_id") WHERE "submissions"."referring_agent_id" is not null;