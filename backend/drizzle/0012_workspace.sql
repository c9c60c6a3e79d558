-- Written by hand: the trigram operator classes of the lists' search indexes (`q`, any part of a name, an address or a
-- message). pg_trgm is a trusted contrib extension (PostgreSQL 13+: the database's owner may create it); the embedded
-- database loads PGlite's build of it (database/private-pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "item_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"contact_id" uuid,
	"application_id" uuid,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_notes_one_item_check" CHECK (num_nonnulls("item_notes"."lead_id", "item_notes"."contact_id", "item_notes"."application_id") = 1)
);
--> statement-breakpoint
DROP INDEX "contacts_created_at_idx";--> statement-breakpoint
DROP INDEX "contacts_status_created_at_idx";--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
DROP INDEX "leads_status_created_at_idx";--> statement-breakpoint
DROP INDEX "job_applications_job_created_at_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "follow_up_by_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "follow_up_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "follow_up_by_id" uuid;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "follow_up_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_by_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_notes_lead_idx" ON "item_notes" USING btree ("lead_id","created_at") WHERE "item_notes"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "item_notes_contact_idx" ON "item_notes" USING btree ("contact_id","created_at") WHERE "item_notes"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "item_notes_application_idx" ON "item_notes" USING btree ("application_id","created_at") WHERE "item_notes"."application_id" is not null;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_follow_up_by_id_admins_id_fk" FOREIGN KEY ("follow_up_by_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_follow_up_by_id_admins_id_fk" FOREIGN KEY ("follow_up_by_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_follow_up_by_id_admins_id_fk" FOREIGN KEY ("follow_up_by_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_owner_created_at_idx" ON "contacts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_follow_up_at_idx" ON "contacts" USING btree ("follow_up_at") WHERE "contacts"."follow_up_at" is not null;--> statement-breakpoint
CREATE INDEX "contacts_email_lower_idx" ON "contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_inbox_created_at_idx" ON "contacts" USING btree ("created_at","id") WHERE not "contacts"."spam";--> statement-breakpoint
CREATE INDEX "contacts_inbox_status_idx" ON "contacts" USING btree ("status","created_at","id") WHERE not "contacts"."spam";--> statement-breakpoint
CREATE INDEX "contacts_inbox_follow_up_idx" ON "contacts" USING btree ("follow_up_at","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "contacts"."spam";--> statement-breakpoint
CREATE INDEX "contacts_name_search_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_search_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_message_search_idx" ON "contacts" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_applications_owner_created_at_idx" ON "job_applications" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "job_applications_follow_up_at_idx" ON "job_applications" USING btree ("follow_up_at") WHERE "job_applications"."follow_up_at" is not null;--> statement-breakpoint
CREATE INDEX "job_applications_email_lower_idx" ON "job_applications" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "job_applications_job_follow_up_idx" ON "job_applications" USING btree ("job_id","follow_up_at","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "job_applications_full_name_search_idx" ON "job_applications" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_applications_email_search_idx" ON "job_applications" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_owner_created_at_idx" ON "leads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_follow_up_at_idx" ON "leads" USING btree ("follow_up_at") WHERE "leads"."follow_up_at" is not null;--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_inbox_created_at_idx" ON "leads" USING btree ("created_at","id") WHERE not "leads"."spam";--> statement-breakpoint
CREATE INDEX "leads_inbox_status_idx" ON "leads" USING btree ("status","created_at","id") WHERE not "leads"."spam";--> statement-breakpoint
CREATE INDEX "leads_inbox_follow_up_idx" ON "leads" USING btree ("follow_up_at","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "leads"."spam";--> statement-breakpoint
CREATE INDEX "leads_name_search_idx" ON "leads" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_email_search_idx" ON "leads" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_message_search_idx" ON "leads" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_applications_job_created_at_idx" ON "job_applications" USING btree ("job_id","created_at","id");