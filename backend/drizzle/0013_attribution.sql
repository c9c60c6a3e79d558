ALTER TABLE "contacts" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "medium" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "term" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "medium" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "term" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "medium" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "term" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "landing_path" text;--> statement-breakpoint
CREATE INDEX "contacts_inbox_source_idx" ON "contacts" USING btree ("source","created_at","id") WHERE not "contacts"."spam";--> statement-breakpoint
CREATE INDEX "contacts_inbox_medium_idx" ON "contacts" USING btree ("medium","created_at","id") WHERE not "contacts"."spam";--> statement-breakpoint
CREATE INDEX "contacts_channel_idx" ON "contacts" USING btree ("created_at","source","medium","status") WHERE not "contacts"."spam";--> statement-breakpoint
CREATE INDEX "job_applications_channel_idx" ON "job_applications" USING btree ("created_at","source","medium","status");--> statement-breakpoint
CREATE INDEX "leads_inbox_source_idx" ON "leads" USING btree ("source","created_at","id") WHERE not "leads"."spam";--> statement-breakpoint
CREATE INDEX "leads_inbox_medium_idx" ON "leads" USING btree ("medium","created_at","id") WHERE not "leads"."spam";--> statement-breakpoint
CREATE INDEX "leads_channel_idx" ON "leads" USING btree ("created_at","source","medium","status") WHERE not "leads"."spam";