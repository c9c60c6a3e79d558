CREATE TABLE "application_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid,
	"score" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_ratings_score_check" CHECK ("application_ratings"."score" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "candidate_email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_ratings_author_unique" ON "application_ratings" USING btree ("application_id","author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_email_templates_name_unique" ON "candidate_email_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "job_applications_job_status_idx" ON "job_applications" USING btree ("job_id","status","created_at");--> statement-breakpoint
-- Written by hand: an application's status dates from its last recorded change (the audit log), else its submission.
UPDATE "job_applications" AS "application" SET "status_changed_at" = coalesce(
	(SELECT max("entry"."created_at") FROM "audit_entries" AS "entry"
		WHERE "entry"."target_id" = "application"."id"::text AND "entry"."action" = 'application.status_changed'),
	"application"."created_at");--> statement-breakpoint
-- The three templates every install starts with (Settings → Candidate e-mails), the rejection offered by default.
INSERT INTO "candidate_email_templates" ("id", "name", "subject", "body") VALUES
	('6f0c7a52-5d0e-4f0a-9a51-0c1b7d3e2a01', 'Application received', 'We received your application for {{jobTitle}}',
	E'Hello {{firstName}},\n\nThank you for applying for {{jobTitle}} at {{companyName}}. We read every application and will write to you about the next steps within two weeks.\n\nKind regards,\nThe {{companyName}} hiring team'),
	('6f0c7a52-5d0e-4f0a-9a51-0c1b7d3e2a02', 'Interview invitation', 'Interview for {{jobTitle}} at {{companyName}}',
	E'Hello {{firstName}},\n\nThank you for your application for {{jobTitle}}. We enjoyed reading it and would like to invite you to an interview.\n\nPlease choose a time that suits you: {{bookingLink}}\n\nKind regards,\nThe {{companyName}} hiring team'),
	('6f0c7a52-5d0e-4f0a-9a51-0c1b7d3e2a03', 'Kind rejection', 'Your application for {{jobTitle}}',
	E'Hello {{firstName}},\n\nThank you for your interest in {{jobTitle}} at {{companyName}}, and for the time you took to apply.\n\nAfter careful consideration we have decided to continue with other candidates whose experience matches what this role needs right now. This was not an easy decision.\n\nWe would be glad to hear from you again when a new opening fits your experience, and we wish you all the best in your search.\n\nKind regards,\nThe {{companyName}} hiring team');--> statement-breakpoint
INSERT INTO "settings" ("key", "value") VALUES
	('candidate_emails', '{"bookingLink": null, "rejectionTemplateId": "6f0c7a52-5d0e-4f0a-9a51-0c1b7d3e2a03"}')
	ON CONFLICT ("key") DO NOTHING;
