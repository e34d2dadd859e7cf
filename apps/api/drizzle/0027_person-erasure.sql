CREATE TABLE "person_exports" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"object_key" text NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"size" bigint,
	"failure_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_exports_status_check" CHECK ("person_exports"."status" in ('QUEUED', 'RUNNING', 'READY', 'FAILED')),
	CONSTRAINT "person_exports_progress_check" CHECK ("person_exports"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "person_exports" ADD CONSTRAINT "person_exports_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_exports" ADD CONSTRAINT "person_exports_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_exports" ADD CONSTRAINT "person_exports_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_exports_person_idx" ON "person_exports" USING btree ("office_id","person_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written below (drizzle-kit does not generate row-level security, functions or triggers).
ALTER TABLE "person_exports" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "person_exports_office" ON "person_exports" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
-- Storage purge triggers (as in the storage-purges migration) for the rows that name stored objects and had none:
-- a person's exports, chat attachments, client-link exports. Whatever deletes them (a person's erasure, an expiry,
-- a project's delete cascading), their objects go to `storage_purges` in the deleting transaction.
CREATE OR REPLACE FUNCTION person_exports_purge_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_purges (object_key) SELECT o.object_key FROM old_exports o;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER person_exports_purge_files AFTER DELETE ON person_exports REFERENCING OLD TABLE AS old_exports
  FOR EACH STATEMENT EXECUTE FUNCTION person_exports_purge_files()
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_attachments_purge_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_purges (object_key) SELECT o.object_key FROM old_attachments o;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER chat_attachments_purge_files AFTER DELETE ON chat_attachments REFERENCING OLD TABLE AS old_attachments
  FOR EACH STATEMENT EXECUTE FUNCTION chat_attachments_purge_files()
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_link_exports_purge_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_purges (object_key)
    SELECT k.key FROM old_exports o, unnest(ARRAY[o.csv_key, o.pdf_key]) AS k(key) WHERE k.key IS NOT NULL;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER client_link_exports_purge_files AFTER DELETE ON client_link_exports REFERENCING OLD TABLE AS old_exports
  FOR EACH STATEMENT EXECUTE FUNCTION client_link_exports_purge_files()
