CREATE TABLE "application_consents" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"applicant_id" uuid NOT NULL,
	"submission_id" uuid,
	"terms_version" integer NOT NULL,
	"privacy_version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"minor" boolean NOT NULL,
	"guardian_name" text,
	"guardian_email" text,
	"guardian_consent_at" timestamp with time zone,
	CONSTRAINT "application_consents_guardian_check" CHECK (not "application_consents"."minor" or ("application_consents"."guardian_name" is not null and "application_consents"."guardian_email" is not null and "application_consents"."guardian_consent_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "is_minor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "terms_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "privacy_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_consents" ADD CONSTRAINT "application_consents_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_consents" ADD CONSTRAINT "application_consents_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_consents" ADD CONSTRAINT "application_consents_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_consents_applicant_idx" ON "application_consents" USING btree ("office_id","applicant_id","accepted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_consents_submission_idx" ON "application_consents" USING btree ("submission_id");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not generate row-level security or data changes).
ALTER TABLE "application_consents" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "application_consents_office" ON "application_consents" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
-- Until now one version counted changes of either text: each text starts from it, so a version an office has already
-- shown keeps meaning the same wording.
UPDATE "offices" SET "terms_version" = "legal_version", "privacy_version" = "legal_version"
