CREATE TABLE "self_tape_side_copies" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"side_index" integer NOT NULL,
	"object_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_tape_side_copies_recipient_id_side_index_pk" PRIMARY KEY("recipient_id","side_index")
);
--> statement-breakpoint
ALTER TABLE "self_tape_recipients" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "self_tape_recipients" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "self_tape_requests" ADD COLUMN "agency_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "self_tape_requests" ADD COLUMN "agency_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "self_tape_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "self_tape_requests" ADD COLUMN "release_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "self_tape_side_copies" ADD CONSTRAINT "self_tape_side_copies_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tape_side_copies" ADD CONSTRAINT "self_tape_side_copies_recipient_id_self_tape_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."self_tape_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "self_tape_recipients_submission_idx" ON "self_tape_recipients" USING btree ("office_id","submission_id","request_id","status");--> statement-breakpoint
ALTER TABLE "self_tape_recipients" ADD CONSTRAINT "self_tape_recipients_review_check" CHECK ("self_tape_recipients"."review" is null or "self_tape_recipients"."review" in ('OPEN', 'PENDING', 'RETURNED', 'FORWARDED'));--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: row-level security of the side copies, as every table with an office key has, and their
-- files queued for purging whenever a copy's row is deleted (a person's erasure, a request's or project's delete).
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE "self_tape_side_copies" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "self_tape_side_copies_office" ON "self_tape_side_copies" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
CREATE OR REPLACE FUNCTION self_tape_side_copies_purge_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_purges (object_key) SELECT o.object_key FROM old_copies o;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER self_tape_side_copies_purge_files AFTER DELETE ON self_tape_side_copies REFERENCING OLD TABLE AS old_copies
  FOR EACH STATEMENT EXECUTE FUNCTION self_tape_side_copies_purge_files()
