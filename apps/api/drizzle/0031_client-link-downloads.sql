ALTER TABLE "download_bundles" ADD COLUMN "client_link_id" uuid;--> statement-breakpoint
ALTER TABLE "download_bundles" ADD CONSTRAINT "download_bundles_client_link_id_client_links_id_fk" FOREIGN KEY ("client_link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_bundles_client_link_idx" ON "download_bundles" USING btree ("client_link_id") WHERE "download_bundles"."client_link_id" is not null;--> statement-breakpoint
-- Zips a link's viewer asked for before the column existed: the viewer's address names the link where it names one
-- link of the project only. A link already revoked or expired ends its zips now.
UPDATE "download_bundles" b SET "client_link_id" = sole."link_id"
  FROM (SELECT l."project_id", v."email", min(l."id"::text)::uuid AS "link_id", count(DISTINCT l."id") AS "links"
          FROM "client_link_viewers" v JOIN "client_links" l ON l."id" = v."link_id"
          GROUP BY l."project_id", v."email") sole
  WHERE b."requested_by_id" IS NULL AND sole."links" = 1
    AND sole."project_id" = b."project_id" AND sole."email" = b."recipient_email"
--> statement-breakpoint
UPDATE "download_bundles" b
  SET "expires_at" = least(b."expires_at", coalesce(l."revoked_at", l."expires_at", b."expires_at"))
  FROM "client_links" l WHERE l."id" = b."client_link_id"
