-- Custom questions (docs/features/form-questions.md): the quote and contact forms' lists, a job's list, and each
-- submission's answers with the labels they were given under; an application's knockout answer, if any.
CREATE TABLE "form_questions" (
	"form" text PRIMARY KEY NOT NULL,
	"questions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "knockout" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;