CREATE TABLE "interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"interviewer_ids" uuid[] NOT NULL,
	"minutes" integer NOT NULL,
	"status_on_booking" text NOT NULL,
	"message" text,
	"invited_by_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_interviewers_check" CHECK (cardinality("interviews"."interviewer_ids") between 1 and 5),
	CONSTRAINT "interviews_minutes_check" CHECK ("interviews"."minutes" between 15 and 120)
);
--> statement-breakpoint
ALTER TABLE "meetings" DROP CONSTRAINT "meetings_one_item_check";--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "interview_id" uuid;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_invited_by_id_admins_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interviews_application_idx" ON "interviews" USING btree ("application_id","created_at");--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_active_interviewer_unique" ON "meetings" USING btree ("interview_id","owner_id") WHERE "meetings"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_one_item_check" CHECK (num_nonnulls("meetings"."lead_id", "meetings"."contact_id", "meetings"."interview_id") = 1);