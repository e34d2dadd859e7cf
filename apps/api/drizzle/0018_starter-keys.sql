ALTER TABLE "email_template_seeds" ADD COLUMN "starter_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- hand-written: projects seeded before starters were tracked by key had the first four (decision 0052); the roster
-- notice starters are added to them on their next read.
UPDATE "email_template_seeds" SET "starter_keys" = ARRAY['INVITATION','SELF_TAPE','CALLBACK','RELEASE']::text[];
