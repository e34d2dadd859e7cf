CREATE TABLE "storage_purges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_purges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"object_key" text NOT NULL,
	"multipart_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not generate functions or triggers): storage purge triggers.
-- Every deleted row that names stored objects leaves their keys in `storage_purges`, in the deleting transaction,
-- whichever way it was deleted (Delete Content, an applicant's delete, a project's delete cascading). The storage
-- purge job then deletes the objects. Statement-level triggers with transition tables: one insert per statement,
-- not per row. An ATTACHED upload's object became a media item's original, which the media_items trigger covers.
CREATE OR REPLACE FUNCTION media_items_purge_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_purges (object_key)
    SELECT k.key FROM old_items o,
      unnest(ARRAY[o.original_key, o.thumbnail_key, o.display_key, o.poster_key, o.mp4_key, o.preview_key]) AS k(key)
    WHERE k.key IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_items_purge_files AFTER DELETE ON media_items REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION media_items_purge_files();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION media_uploads_purge_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_purges (object_key, multipart_id)
    SELECT o.object_key, CASE WHEN o.state = 'OPEN' THEN o.multipart_id END FROM old_uploads o
    WHERE o.state <> 'ATTACHED';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_uploads_purge_files AFTER DELETE ON media_uploads REFERENCING OLD TABLE AS old_uploads
  FOR EACH STATEMENT EXECUTE FUNCTION media_uploads_purge_files();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION download_bundles_purge_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_purges (object_key)
    SELECT o.object_key FROM old_bundles o WHERE o.object_key IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER download_bundles_purge_files AFTER DELETE ON download_bundles REFERENCING OLD TABLE AS old_bundles
  FOR EACH STATEMENT EXECUTE FUNCTION download_bundles_purge_files();
