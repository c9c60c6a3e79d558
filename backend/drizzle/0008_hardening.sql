CREATE TABLE "confirmation_quota" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_token_uses" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "challenge_id" uuid;--> statement-breakpoint
CREATE INDEX "confirmation_quota_updated_at_idx" ON "confirmation_quota" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "form_token_uses_expires_at_idx" ON "form_token_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_address_created_at_idx" ON "sign_in_attempts" USING btree ("address","created_at");