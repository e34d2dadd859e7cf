CREATE TABLE "office_member_domains" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"domain" text PRIMARY KEY NOT NULL,
	"added_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_member_domains_domain_check" CHECK ("office_member_domains"."domain" = lower("office_member_domains"."domain"))
);
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "member_sign_up_role" text DEFAULT 'CASTING_ASSISTANT' NOT NULL;--> statement-breakpoint
ALTER TABLE "office_member_domains" ADD CONSTRAINT "office_member_domains_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_member_domains" ADD CONSTRAINT "office_member_domains_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_member_domains_office_idx" ON "office_member_domains" USING btree ("office_id","domain");--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_member_sign_up_role_check" CHECK ("offices"."member_sign_up_role" in ('CASTING_DIRECTOR', 'CASTING_ASSISTANT'));--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: row-level security, and the one lookup that crosses offices.
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE "office_member_domains" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "office_member_domains_office" ON "office_member_domains" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
-- The active office whose people a domain names, if any: sign-up and confirmation read it before they work in an
-- office, so it answers that office's id and nothing else.
CREATE FUNCTION office_of_member_domain(address_domain text) RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT d."office_id" FROM "office_member_domains" d JOIN "offices" o ON o."id" = d."office_id"
      WHERE d."domain" = lower(address_domain) AND o."status" = 'ACTIVE'
  $$
--> statement-breakpoint
REVOKE ALL ON FUNCTION office_of_member_domain(text) FROM PUBLIC
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION office_of_member_domain(text) TO casting_app
