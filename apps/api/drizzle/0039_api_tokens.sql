CREATE TABLE "api_tokens" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"digest" text NOT NULL,
	"hint" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_digest_idx" ON "api_tokens" USING btree ("digest");--> statement-breakpoint
CREATE INDEX "api_tokens_office_idx" ON "api_tokens" USING btree ("office_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: row-level security of the API tokens, and the one lookup that crosses offices.
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE "api_tokens" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "api_tokens_office" ON "api_tokens" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
-- The active office a live (unrevoked) token's digest belongs to, if any: a token's request is authenticated before it
-- works in an office, so this answers that office's id and nothing else; the token's row is then read in the office.
CREATE FUNCTION office_of_api_token(token_digest text) RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT t."office_id" FROM "api_tokens" t JOIN "offices" o ON o."id" = t."office_id"
      WHERE t."digest" = token_digest AND t."revoked_at" IS NULL AND o."status" = 'ACTIVE'
  $$
--> statement-breakpoint
REVOKE ALL ON FUNCTION office_of_api_token(text) FROM PUBLIC
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION office_of_api_token(text) TO casting_app
