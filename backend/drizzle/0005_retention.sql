ALTER TABLE "contacts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "inactive_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_updated_at_idx" ON "contacts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "jobs_inactive_since_idx" ON "jobs" USING btree ("inactive_since") WHERE "jobs"."inactive_since" is not null;--> statement-breakpoint
CREATE INDEX "leads_updated_at_idx" ON "leads" USING btree ("updated_at");--> statement-breakpoint
-- Backfill: rows written before this migration count from their creation; jobs already inactive count from the
-- upgrade (when they stopped being active is not known, and counting from now never purges too early).
UPDATE "leads" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "contacts" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "jobs" SET "inactive_since" = now() WHERE "status" <> 'active';
